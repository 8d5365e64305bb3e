import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rrp-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The lock a server process left when it was killed: a fresh lock directory and its owner. */
function leftBehind(dir: string, owner: { pid: number; hostname: string }) {
  mkdirSync(join(dir, 'server.lock'));
  writeFileSync(join(dir, 'server.lock.owner'), JSON.stringify(owner));
}

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid!;
}

describe('DATA_DIR lock', () => {
  it('refuses a second holder with a clear message, and frees the directory on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock.owner'), 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
    });
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another server process/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over at once a lock whose process on this machine is gone (kill -9)', async () => {
    const dir = tempDir();
    leftBehind(dir, { pid: deadPid(), hostname: hostname() });
    const started = Date.now();
    const release = await lockDataDir(dir);
    // Not the 10 s the lock takes to go stale by time.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock.owner'), 'utf8')).pid).toBe(process.pid);
    await release();
  });

  it('still refuses while the owner process lives, or when it ran on another machine', async () => {
    const alive = tempDir();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      leftBehind(alive, { pid: sleeper.pid!, hostname: hostname() });
      await expect(lockDataDir(alive)).rejects.toThrow(DataDirInUseError);
    } finally {
      sleeper.kill('SIGKILL');
    }
    const remote = tempDir();
    leftBehind(remote, { pid: deadPid(), hostname: `${hostname()}-elsewhere` });
    await expect(lockDataDir(remote)).rejects.toThrow(DataDirInUseError);
  });

  it('lets only one of several processes racing for a dead lock have it', async () => {
    const dir = tempDir();
    leftBehind(dir, { pid: deadPid(), hostname: hostname() });
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir), lockDataDir(dir)]);
    const held = results.filter((result) => result.status === 'fulfilled');
    expect(held).toHaveLength(1);
    expect(
      results
        .filter((result) => result.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason),
    ).toEqual([expect.any(DataDirInUseError), expect.any(DataDirInUseError)]);
    await (held[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});
