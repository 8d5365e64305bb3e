import { isNotNull, isNull, sql } from 'drizzle-orm';
import type { ListSpec, Lookup } from '../../platform/list';
import { abnCarts } from '../../db/schema';

/** GET abn_cart/ (staff §7 "by pi"; researcher home's Tissue Collections): newest change first. */
export const cartList: ListSpec = {
  id: abnCarts.id,
  filters: {
    id: { type: 'int', column: abnCarts.id, lookups: ['exact', 'in'] },
    pi: { type: 'int', column: abnCarts.piId, lookups: ['exact', 'in'] },
    request: { type: 'int', column: abnCarts.requestId, lookups: ['exact', 'in', 'isnull'] },
    pilot_tissue_cart: { type: 'bool', column: abnCarts.pilot },
    on_request: {
      type: 'bool',
      column: abnCarts.requestId,
      lookups: ['exact'],
      build: (_lookup: Lookup, raw: string) => {
        const value = raw.trim().toLowerCase();
        if (!['true', 'false', '1', '0'].includes(value)) throw new Error('Enter true or false.');
        return value === 'true' || value === '1' ? isNotNull(abnCarts.requestId) : isNull(abnCarts.requestId);
      },
    },
    collection_name: { type: 'text', column: abnCarts.collectionName, lookups: ['exact', 'icontains'] },
  },
  ordering: {
    id: abnCarts.id,
    collection_name: sql`lower(${abnCarts.collectionName})`,
    created: abnCarts.created,
    modified: abnCarts.modified,
  },
  defaultOrdering: ['-modified'],
  search: [abnCarts.collectionName],
  expand: ['donors'],
};
