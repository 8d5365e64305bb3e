import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Modal, PasswordInput } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { theme } from './theme';

describe('theme', () => {
  it('draws modal title bars without a second banner landmark', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => undefined} title="Deactivate institution">
          Body
        </Modal>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate institution' });
    expect(dialog.querySelector('header')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
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
});
