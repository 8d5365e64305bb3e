import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../paths';
import { STAYS_FROM_HISTORY } from './status-stays';

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('STAYS_FROM_HISTORY', () => {
  it('is the statement migration 0021 filled request_status_stays with', () => {
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0021_insights.sql'), 'utf8');
    expect(words(migration)).toContain(`${words(STAYS_FROM_HISTORY)};`);
  });
});
