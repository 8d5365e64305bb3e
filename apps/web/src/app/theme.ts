import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f1',
  '#9dbfe4',
  '#689cd7',
  '#3f7fcc',
  '#266cc6',
  '#1762c3',
  '#0a52ad',
  '#00489b',
  '#003d89',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'sm',
  focusRing: 'auto',
  components: {
    // Mantine draws a modal's title bar as <header>; outside <main> that is a second banner
    // landmark for screen readers, so every modal's title bar is a plain element instead.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Mantine leaves the show-password toggle out of the tab order; keyboard users need it too.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    },
  },
});

/**
 * Mantine's dimmed text (input descriptions, hints, empty states) and placeholders are gray 6
 * and gray 5, below WCAG AA's 4.5:1 on white; the whole app draws them one step darker instead
 * of each screen overriding them.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-placeholder': current.colors.gray[7],
  },
  dark: {},
});
