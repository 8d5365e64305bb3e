import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import classes from './theme.module.css';

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

/** What a screen reader calls the date pickers' arrows and level buttons. */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/**
 * A picker's calendar opens over the page, outside its landmarks: a dialog named Calendar. (Mantine's
 * own roles would also name it by an id the input does not carry, and put aria-expanded on a textbox.)
 */
const CALENDAR_POPOVER = {
  withinPortal: true,
  attributes: { dropdown: { role: 'dialog', 'aria-label': 'Calendar' } },
};

const COMBOBOX_LIST = {
  defaultProps: { withScrollArea: false },
  classNames: { options: classes.comboboxOptions },
};

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'sm',
  focusRing: 'auto',
  components: {
    // Mantine draws a modal's or drawer's title bar as <header>; outside <main> that is a second
    // banner landmark for screen readers, so every such title bar is a plain element instead.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    SegmentedControl: { classNames: { root: classes.segmentedControl } },
    // A loader is a <span>: its aria-label names it only under a role, and a status is what it is.
    Loader: { defaultProps: { role: 'status' } },
    // Close buttons are icons: each needs a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear file' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A menu's first child would be Mantine's focus placeholder (role="presentation"), which a
    // role="menu" may not hold (axe: aria-required-children); the dropdown takes the focus itself.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A light alert's title is drawn in its colour's shade 8 (green: 3.8:1 on its background,
    // below WCAG AA); the text colour keeps every alert's title readable.
    Alert: { classNames: { title: classes.alertTitle } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      classNames: { description: classes.notificationDescription },
    },
    // Every date picker's month, year and decade arrows are icons: each needs a name. The calendar
    // is a dialog named by its field (not loose content outside the page's landmarks), and its
    // weekend days are drawn in a red that is readable (Mantine's red 6 is 3.3:1 on white). The
    // next and last months' days are left out: Mantine fades them to 2.4:1, though they are choosable.
    Calendar: { defaultProps: { ariaLabels: CALENDAR_LABELS, hideOutsideDates: true } },
    DateInput: { defaultProps: { popoverProps: CALENDAR_POPOVER }, classNames: { day: classes.calendarDay } },
    DatePickerInput: {
      defaultProps: { popoverProps: CALENDAR_POPOVER },
      classNames: { day: classes.calendarDay },
    },
    DatePicker: { classNames: { day: classes.calendarDay } },
    // A long option list scrolls in the listbox itself, which the field's arrow keys move through
    // (aria-activedescendant); Mantine's scroll area around it is a scrolling region no key reaches.
    Select: COMBOBOX_LIST,
    MultiSelect: COMBOBOX_LIST,
    Autocomplete: COMBOBOX_LIST,
    TagsInput: COMBOBOX_LIST,
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
 * The colours whose primary shade (8) is below WCAG AA's 4.5:1 as a button's or badge's colour:
 * white on red 8 is 4.5:1 and red 8 on its light background 4.1:1; white on teal 8 is 3.9:1. Their
 * filled, outline, light and text variants use shade 9 instead (white on red 9 5.5:1, on teal 9
 * 5.0:1), hovering a shade darker.
 */
const DEEPER_VARIANTS = ['red', 'teal'] as const;

function deeperVariants(colors: MantineTheme['colors']): Record<string, string> {
  return Object.fromEntries(
    DEEPER_VARIANTS.flatMap((name) => {
      const shade = colors[name][9];
      return [
        [`--mantine-color-${name}-filled`, shade],
        [`--mantine-color-${name}-filled-hover`, darken(shade, 0.15)],
        [`--mantine-color-${name}-light-color`, shade],
        [`--mantine-color-${name}-outline`, shade],
        [`--mantine-color-${name}-text`, shade],
      ];
    }),
  );
}

/**
 * Mantine's dimmed text (input descriptions, hints, empty states) and placeholders are gray 6
 * and gray 5, and its error colour (a field's message, its text and border) red 6: all below WCAG
 * AA's 4.5:1 on white and on the light backgrounds of cards and alerts. The whole app draws them
 * darker instead of each screen overriding them: red 9 is 4.9:1 even on gray 1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-placeholder': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
    ...deeperVariants(current.colors),
  },
  dark: {},
});
