import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { ApiError } from '@/lib/api-client';
import { saveVersioned } from './versioned-save';

/** A 412 as apiFetch throws it: the object as it is now (or none) and its version. */
const stale = (current: Record<string, unknown> | null, etag: string | null) =>
  new ApiError(
    412,
    { detail: 'Changed.', current, changed_by: { id: 3, display_name: 'Dana Admin' }, changed_at: null },
    'PATCH',
    '/api/thing/1/',
    'c-1',
    etag,
  );

function renderModals() {
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <p>Form</p>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const overwrite = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this first' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
};

describe('saveVersioned', () => {
  it('meets the dialog again when a third change came first, then saves with the newest version', async () => {
    renderModals();
    const send = vi
      .fn<(ifMatch: string) => Promise<string>>()
      .mockRejectedValueOnce(stale({ title: 'B' }, '"v2"'))
      .mockRejectedValueOnce(stale({ title: 'C' }, '"v3"'))
      .mockResolvedValueOnce('saved');
    const saving = saveVersioned({
      send,
      sides: (current) => ({ mine: { title: 'A' }, theirs: current ?? {} }),
      labels: { title: 'Title' },
      reload: async () => undefined,
    });
    await overwrite();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('row', { name: /Title C A/ })).toBeInTheDocument();
    await overwrite();
    await expect(saving).resolves.toBe('saved');
    expect(send.mock.calls.map(([ifMatch]) => ifMatch)).toEqual(['shown', '"v2"', '"v3"']);
  });

  it('asks only that the object exists (*) when it is gone, and compares mine with nothing', async () => {
    renderModals();
    const sides = vi.fn((current: Record<string, unknown> | null) => ({
      mine: { title: 'A' },
      theirs: current ?? {},
    }));
    const send = vi
      .fn<(ifMatch: string) => Promise<string>>()
      .mockRejectedValueOnce(stale(null, null))
      .mockResolvedValueOnce('saved');
    const saving = saveVersioned({ send, sides, labels: {}, reload: async () => undefined });
    expect(await screen.findByRole('row', { name: /Title \(empty\) A/ })).toBeInTheDocument();
    expect(sides).toHaveBeenCalledWith(null);
    await overwrite();
    await expect(saving).resolves.toBe('saved');
    expect(send).toHaveBeenLastCalledWith('*');
  });

  it('throws any other failure as before, without a dialog', async () => {
    renderModals();
    const refused = new ApiError(400, { title: ['Too long.'] }, 'PATCH', '/api/thing/1/', 'c-2');
    const saving = saveVersioned({
      send: () => Promise.reject(refused),
      sides: () => ({ mine: {}, theirs: {} }),
      labels: {},
      reload: async () => undefined,
    });
    await expect(saving).rejects.toBe(refused);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
