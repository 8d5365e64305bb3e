import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import {
  DEFAULT_THEME,
  Drawer,
  FileInput,
  MantineProvider,
  Menu,
  mergeMantineTheme,
  Modal,
  MultiSelect,
  Notification,
  PasswordInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import userEvent from '@testing-library/user-event';
import { cssVariablesResolver, theme } from './theme';

describe('theme', () => {
  it.each([
    ['modal', Modal],
    ['drawer', Drawer],
  ])('draws %s title bars without a second banner landmark', async (_kind, Dialog) => {
    render(
      <MantineProvider theme={theme} env="test">
        <Dialog opened onClose={() => undefined} title="Deactivate institution">
          Body
        </Dialog>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate institution' });
    expect(dialog.querySelector('header')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('opens a menu whose children are only its items and labels (no focus placeholder)', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Menu>
          <Menu.Target>
            <button type="button">Rows per page</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>10</Menu.Item>
            <Menu.Item>25</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rows per page' }));
    const menu = await screen.findByRole('menu');
    for (const child of menu.querySelectorAll('[role]')) {
      expect(['menuitem', 'group', 'separator']).toContain(child.getAttribute('role'));
    }
  });

  it('names a notification’s close button', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Notification title="Saved">Your changes are saved.</Notification>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('names a drawer’s close button', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Drawer opened onClose={() => undefined} title="Menu">
          Links
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('puts the show-password toggle in the tab order, named, pressed while the password shows', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <PasswordInput label="Password" />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('names a file input’s clear button', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <FileInput
          label="Data file"
          clearable
          value={new File(['x'], 'data.pdf')}
          onChange={() => undefined}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Clear file' })).toBeInTheDocument();
  });

  it('opens every date picker as a dialog named Calendar, its arrows named and its weekend days readable', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <DateInput label="Reviews due by" defaultDate="2026-11-01" />
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('textbox', { name: 'Reviews due by' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(within(calendar).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Next month' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Choose a month' })).toBeInTheDocument();
    // Saturday 28 November 2026: drawn by the theme's own weekend class, not Mantine's red 6.
    const saturday = within(calendar).getByRole('button', { name: '28 November 2026' });
    expect(saturday).toHaveAttribute('data-weekend', 'true');
    expect(saturday.className).toMatch(/calendarDay/);
    // October's last days and December's first are not drawn faded among November's.
    expect(within(calendar).queryByRole('button', { name: '31 October 2026' })).toBeNull();
  });

  it('scrolls a long option list in its listbox, which the field’s arrow keys reach, not in a scroll area', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <MultiSelect label="Institutions" data={Array.from({ length: 30 }, (_, i) => `Institution ${i}`)} />
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Institutions' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox.className).toMatch(/comboboxOptions/);
    expect(listbox.querySelector('.mantine-ScrollArea-viewport')).toBeNull();
    expect(within(listbox).getAllByRole('option')).toHaveLength(30);
  });

  it('draws error text in red 9 (5.5:1 on white), not Mantine’s red 6 (3.3:1)', () => {
    const light = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light;
    expect(light['--mantine-color-error']).toBe(DEFAULT_THEME.colors.red[9]);
  });

  it.each(['red', 'teal'] as const)(
    'draws %s buttons and badges in shade 9, where white text and light backgrounds keep 4.5:1',
    (color) => {
      const light = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme)).light;
      for (const variant of ['filled', 'light-color', 'outline', 'text'])
        expect(light[`--mantine-color-${color}-${variant}`]).toBe(DEFAULT_THEME.colors[color][9]);
    },
  );
});
