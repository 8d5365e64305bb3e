import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../http/errors';
import { attachmentDisposition, inlineDisposition } from './content-disposition';

/** How a signed link hands the file over: saved as a download, or shown by the browser. */
type SignedDisposition = 'attachment' | 'inline';

/** Where file bytes live: local disk under DATA_DIR, or an S3 bucket. One interface for both. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * The same string on every server instance that sees the same files: `s3:<bucket>`, or
   * `local:<id>` from an id file in the storage directory (so a shared directory has one id).
   */
  readonly identity: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Throws `StoredFileMissingError` unless the bytes are there (before a zip starts streaming). */
  assertExists(key: string): Promise<void>;
  /** The bytes as a stream, whole or `[start, end)`, so large files never sit in memory. */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL that downloads the file without a session; `inline` asks the browser to show
   * it (the caller decides which types may be shown).
   */
  signedUrl(
    key: string,
    fileName: string,
    ttlSeconds: number,
    disposition?: SignedDisposition,
  ): Promise<string>;
  /** For storage whose signed URLs the API itself serves: is this signature valid and unexpired? */
  verifySignature?(key: string, expires: number, signature: string): boolean;
}

/**
 * A file the database lists whose bytes storage does not have: deleted by hand, or (with local
 * storage) uploaded to another server instance's disk, which the instance registry now refuses
 * (decision 120). Answered as a 404 in the envelope, not a 500.
 */
export class StoredFileMissingError extends NotFoundError {
  constructor(readonly storageKey: string) {
    super('The content of this file is not available. Please contact support.');
  }
}

/** Storage's own "no such object" errors (disk and S3), turned into `StoredFileMissingError`. */
async function orMissing<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const { code, name } = error as { code?: string; name?: string };
    if (code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound') {
      throw new StoredFileMissingError(key);
    }
    throw error;
  }
}

/** A fresh, unguessable storage key that keeps the extension for content sniffing tools. */
export function newStorageKey(fileName: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0]?.toLowerCase() ?? '';
  return `${new Date().toISOString().slice(0, 7)}/${randomUUID()}${extension}`;
}

/** The id of a local storage directory, made by the first process to use it. */
function localStorageId(root: string): string {
  mkdirSync(root, { recursive: true });
  const file = join(root, '.storage-id');
  try {
    writeFileSync(file, randomUUID(), { flag: 'wx' });
  } catch (error) {
    // Made before, or by another process starting at the same moment: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Local disk storage. Signed URLs point at the API's own download route with an HMAC of the key
 * and expiry, checked by `verifyLocalSignature`.
 */
export function localStorage(root: string, secret: string, publicUrl: string): FileStorage {
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(resolve(root) + '/')) throw new Error('storage key escapes the storage root');
    return path;
  };
  return {
    kind: 'local',
    identity: `local:${localStorageId(root)}`,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body, { flag: 'wx' });
    },
    get: (key) => orMissing(key, () => readFile(pathOf(key))),
    assertExists: (key) => orMissing(key, async () => void (await stat(pathOf(key)))),
    stream: (key, range) =>
      orMissing(key, async () => {
        const path = pathOf(key);
        const stream = createReadStream(path, range ? { start: range.start, end: range.end - 1 } : {});
        // Surface a missing file as a rejected promise rather than a later stream error.
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
        return stream;
      }),
    remove: (key) => rm(pathOf(key), { force: true }),
    async signedUrl(key, fileName, ttlSeconds, disposition = 'attachment') {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const signature = sign(secret, key, expires);
      const query = new URLSearchParams({ key, expires: String(expires), signature, name: fileName });
      if (disposition === 'inline') query.set('disposition', 'inline');
      return `${publicUrl}/api/file/signed/?${query.toString()}`;
    },
    verifySignature: (key, expires, signature) => verifyLocalSignature(secret, key, expires, signature),
  };
}

function sign(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

function verifyLocalSignature(secret: string, key: string, expires: number, signature: string): boolean {
  if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(secret, key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** S3 (or an S3-compatible store) through the AWS SDK, path-style so local stand-ins work. */
export async function s3Storage(config: {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  return {
    kind: 's3',
    identity: `s3:${config.bucket}`,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    get: (key) =>
      orMissing(key, async () => {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return Buffer.from(await result.Body!.transformToByteArray());
      }),
    assertExists: (key) =>
      orMissing(key, async () => {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
      }),
    stream: (key, range) =>
      orMissing(key, async () => {
        const result = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}),
          }),
        );
        // In Node the SDK's body is a Readable.
        return result.Body as Readable;
      }),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    signedUrl(key, fileName, ttlSeconds, disposition = 'attachment') {
      const command = new GetObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ResponseContentDisposition:
          disposition === 'inline' ? inlineDisposition(fileName) : attachmentDisposition(fileName),
      });
      return getSignedUrl(client, command, { expiresIn: ttlSeconds });
    },
  };
}
