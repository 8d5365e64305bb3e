import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCsv } from './download';

describe('saveCsv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('saves the rows as a CSV file under the given name, quoting what needs it', async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:csv';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await saveCsv(
      [
        { portal_request_id: 'RRP-1', status: 'Submitted' },
        { portal_request_id: 'RRP-2', status: 'Approved, with "conditions"' },
      ],
      'requests.csv',
    );

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('requests.csv');
    expect(clicked[0]!.href).toBe('blob:csv');
    expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await saved[0]!.text()).toBe(
      'portal_request_id,status\r\nRRP-1,Submitted\r\nRRP-2,"Approved, with ""conditions"""',
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });
});
