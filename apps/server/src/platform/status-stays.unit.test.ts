import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../paths';
import { MILESTONES_FROM_STAYS, STAYS_FROM_HISTORY } from './status-stays';

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the derivation of stays and milestones', () => {
  it('is what migration 0019 filled request_status_stays and request_milestones with', () => {
    // A change to the milestones' statuses or to the derivation needs a migration of its own.
    const migration = words(readFileSync(join(MIGRATIONS_FOLDER, '0019_insights.sql'), 'utf8'));
    expect(migration).toContain(`${words(STAYS_FROM_HISTORY)};`);
    expect(migration).toContain(`${words(MILESTONES_FROM_STAYS)};`);
  });
});
