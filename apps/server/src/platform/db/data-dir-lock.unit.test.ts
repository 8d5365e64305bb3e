import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('DATA_DIR lock', () => {
  it('refuses a second holder with a clear message, and frees the directory on release', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another server process/);
    await release();
    const again = await lockDataDir(dir);
    await again();
    rmSync(dir, { recursive: true, force: true });
  });
});
