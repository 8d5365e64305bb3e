import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { localStorage, newStorageKey, s3Storage, StoredFileMissingError, type FileStorage } from './storage';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rrp-storage-'));
  dirs.push(dir);
  return dir;
};

let s3server: S3rver;
const adapters: Record<'local' | 's3', () => FileStorage> = {} as never;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'rrp-test' }],
  });
  const { port } = await s3server.run();
  const s3 = await s3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'rrp-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const local = localStorage(tempDir(), 'secret-for-signing-links-in-tests', 'http://portal.test');
  adapters.local = () => local;
  adapters.s3 = () => s3;
});
afterAll(async () => {
  await s3server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// One contract, both adapters: what the files module relies on for uploads, zips and listings.
describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const bytes = Buffer.from('0123456789abcdefghij');

  it('stores, reads whole and in ranges, and removes', async () => {
    const storage = adapters[kind]();
    const key = newStorageKey('Report.PDF');
    expect(key).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
    await storage.put(key, bytes, 'application/pdf');
    expect((await storage.get(key)).equals(bytes)).toBe(true);
    await storage.assertExists(key);
    expect((await read(await storage.stream(key))).equals(bytes)).toBe(true);
    expect((await read(await storage.stream(key, { start: 3, end: 7 }))).toString()).toBe('3456');
    expect((await read(await storage.stream(key, { start: 15, end: 20 }))).toString()).toBe('fghij');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow(StoredFileMissingError);
  });

  it('reports bytes that are not there as a missing stored file (a 404, never a 500)', async () => {
    const storage = adapters[kind]();
    const key = newStorageKey('missing.pdf');
    await expect(storage.stream(key)).rejects.toThrow(StoredFileMissingError);
    await expect(storage.assertExists(key)).rejects.toThrow(StoredFileMissingError);
    await expect(storage.get(key)).rejects.toMatchObject({ statusCode: 404, storageKey: key });
  });

  it('signs short-lived download links', async () => {
    const storage = adapters[kind]();
    const key = newStorageKey('a.pdf');
    await storage.put(key, bytes, 'application/pdf');
    const url = new URL(await storage.signedUrl(key, 'a.pdf', 60));
    if (kind === 'local') {
      expect(url.pathname).toBe('/api/file/signed/');
      const signature = url.searchParams.get('signature')!;
      const expires = Number(url.searchParams.get('expires'));
      expect(storage.verifySignature!(key, expires, signature)).toBe(true);
      expect(storage.verifySignature!(key, expires + 1, signature)).toBe(false);
    } else {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });
});
