import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Drawer, FileInput, MantineProvider, Modal, Notification, PasswordInput } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { theme } from './theme';

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
});
