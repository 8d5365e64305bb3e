import { describe, expect, it } from 'vitest';
import { collectionRequestPath } from '@/components/tissue';
import { entrySelection } from './entry';
import { DISABLED_REASONS, researchMatchResource, tissueResources } from './rules';

const [dataAccess, pilot, tissue] = tissueResources();
const resources = [researchMatchResource(), dataAccess!, pilot!, tissue!];

describe('wizard entries', () => {
  it('starts the Research Match route with Research Match chosen', () => {
    expect(entrySelection({ resource: 'research-match' }, resources)).toEqual({
      selection: [researchMatchResource()],
      cartId: null,
    });
  });

  it("starts a collection's request with its tissue resource and the collection", () => {
    expect(collectionRequestPath({ id: 12, pilot_tissue_cart: false })).toBe(
      '/request/create?resource=tissue-8&collection=12',
    );
    expect(collectionRequestPath({ id: 3, pilot_tissue_cart: true })).toBe(
      '/request/create?resource=tissue-7&collection=3',
    );
    const params = (path: string) => {
      const query = new URL(path, 'http://x').searchParams;
      return { resource: query.get('resource'), collection: query.get('collection') };
    };
    expect(
      entrySelection(params(collectionRequestPath({ id: 12, pilot_tissue_cart: false })), resources),
    ).toEqual({
      selection: [tissue],
      cartId: 12,
    });
    expect(
      entrySelection(params(collectionRequestPath({ id: 3, pilot_tissue_cart: true })), resources),
    ).toEqual({
      selection: [pilot],
      cartId: 3,
    });
  });

  it('keeps a collection only for a resource that asks for one, and only a well-formed id', () => {
    expect(entrySelection({ resource: 'research-match', collection: '12' }, resources)?.cartId).toBeNull();
    expect(entrySelection({ resource: 'tissue-8', collection: '0x10' }, resources)?.cartId).toBeNull();
    expect(entrySelection({ resource: 'tissue-8', collection: '2147483648' }, resources)?.cartId).toBeNull();
  });

  it('starts empty for an unknown resource or one the requester may not pick', () => {
    expect(entrySelection({ resource: 'nothing' }, resources)).toBeNull();
    expect(entrySelection({}, resources)).toBeNull();
    const locked = { ...tissue!, disabledReason: DISABLED_REASONS.mustApply };
    expect(entrySelection({ resource: 'tissue-8', collection: '12' }, [locked])).toBeNull();
  });
});
