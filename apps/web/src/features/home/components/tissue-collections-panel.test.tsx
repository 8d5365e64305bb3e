import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { TissueCollectionsPanel } from './tissue-collections-panel';
import { renderWithList } from '@/test/render-in-app';

function renderPanel(results: object[]) {
  return renderWithList(<TissueCollectionsPanel />, results);
}

describe('TissueCollectionsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the researcher’s collections, each opening its collection page', async () => {
    const fetch = renderPanel([
      {
        id: 7,
        collection_name: 'Cortex cases',
        pilot_tissue_cart: false,
        identifiers: ['ABN-04100', 'ABN-04107'],
        request: { id: 3, portal_request_id: 'R00003', status: 2, status_name: 'Submitted', type: 8 },
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Cortex cases' })).toHaveAttribute(
      'href',
      '/tissue-catalogue/7',
    );
    expect(screen.getByText('R00003 · Submitted')).toBeInTheDocument();
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://x').pathname).toBe('/api/abn_cart/');
  });

  it('says how to start when there are none', async () => {
    renderPanel([]);
    expect(
      await screen.findByText('No tissue collections yet. Build one from the Tissue Catalog.'),
    ).toBeInTheDocument();
  });
});
