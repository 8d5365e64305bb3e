import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Modal } from '@mantine/core';
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
});
