import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequestDocuments } from './documents';

const file = (id: number, name: string, type: string) => ({
  id,
  name,
  file_name: name,
  file: `/api/file/${id}/download/`,
  type: 'abn_tissue_document',
  file_type: type,
  size: 10,
  creator: 1,
  project: 2,
  institution: null,
  dataset: null,
  additional_data: {},
  created: '2026-11-02T10:00:00Z',
  permissions: ['read'],
});

/** The API: the file list answers only the readable documents; each asks for its signed link. */
function serve() {
  const fetch = vi.fn(async (url: string) => {
    const parsed = new URL(String(url), 'http://x');
    if (parsed.pathname === '/api/file/')
      return Response.json({
        count: 2,
        next: null,
        previous: null,
        // 13 is another applicant's: the list leaves it out.
        results: [file(11, 'Proposal summary.pdf', 'application/pdf'), file(12, 'Biosketch.docx', 'x')],
      });
    const id = Number(parsed.pathname.split('/')[3]);
    const inline = parsed.searchParams.get('inline') === 'True' ? '&disposition=inline' : '';
    return Response.json({
      ...file(id, 'x', 'x'),
      signed_url: `http://x/api/file/signed/?key=${id}${inline}`,
    });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RequestDocuments value={[11, 12, 13]} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('a request’s documents (issue 30 item 4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each readable document by name, not as a count', async () => {
    const fetch = serve();
    expect(await screen.findByRole('button', { name: /^Proposal summary\.pdf/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Biosketch\.docx/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Download / })).toHaveLength(2);
    expect(screen.queryByText(/document\(s\) uploaded/)).toBeNull();
    expect(String(fetch.mock.calls[0]![0])).toContain('id__in=11%2C12%2C13');
  });

  it('opens a PDF in a new window, cut from this page, through its inline link', async () => {
    serve();
    const shown = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(shown as unknown as Window);
    await userEvent.click(await screen.findByRole('button', { name: /^Proposal summary\.pdf/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(shown.location.href).toBe('http://x/api/file/signed/?key=11&disposition=inline'),
    );
    expect(shown.opener).toBeNull();
  });

  it('downloads a document through its signed link', async () => {
    serve();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.href} ${this.download}`);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Proposal summary.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['http://x/api/file/signed/?key=11 x']));
  });
});
