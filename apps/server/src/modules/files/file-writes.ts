import { FILE_MESSAGES, LIMITS, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { newStorageKey, type FileStorage } from '../../platform/files/storage';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { entryName } from '../../platform/files/zip';
import { ServiceUnavailableError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { VirusFoundError } from './file-errors';
import type { UploadedFile } from './multipart';
import * as repo from './files.repo';

export type By = { userId: number; impersonatorId?: number | null } | null;

export interface NewFile {
  name: string;
  content: Buffer;
  contentType: string;
  type: string;
  creatorId?: number | null;
  institutionId?: number | null;
  projectId?: number | null;
  datasetId?: number | null;
  requestId?: number | null;
  additionalData?: Record<string, unknown>;
}

export const byActor = (actor: Actor): By => ({
  userId: actor.userId,
  impersonatorId: actor.impersonatorId ?? null,
});

/** The name to store: the one given, else the uploaded file's own, never a path. */
export function storedName(given: string | undefined, upload: UploadedFile): string {
  const name = entryName(given || upload.filename || '');
  return name.slice(0, LIMITS.files.nameMaxLength);
}

/** Writing files: the scan, the bytes in storage, the row and its history. */
export function createFileWriter(storage: FileStorage, scanner: VirusScanner) {
  /** A change of a file's row, audited. */
  async function updateAudited(tx: DbOrTx, before: repo.FileRow, values: repo.FileChanges, by: By) {
    const after = await repo.updateFile(tx, before.id, values);
    await recordHistory(tx, { model: 'file', objectId: before.id, action: 'update', before, after, by });
    return after;
  }

  return {
    updateAudited,

    /** The scan, before anything is stored; a scanner that cannot be reached refuses the upload. */
    async scanOrThrow(content: Buffer, name: string) {
      let result;
      try {
        result = await scanner.scan(content);
      } catch {
        throw new ServiceUnavailableError(FILE_MESSAGES.scannerUnavailable);
      }
      if (!result.clean) throw new VirusFoundError(name);
    },

    /** Puts scanned bytes in storage and writes the row and its history in the caller's transaction. */
    async putAndInsert(tx: DbOrTx, file: NewFile, by: By, stored: (key: string) => void) {
      const storageKey = newStorageKey(file.name);
      await storage.put(storageKey, file.content, file.contentType);
      stored(storageKey);
      const row = await repo.insertFile(tx, {
        name: file.name,
        storageKey,
        type: file.type,
        contentType: file.contentType,
        size: file.content.length,
        creatorId: file.creatorId ?? by?.userId ?? null,
        institutionId: file.institutionId ?? null,
        projectId: file.projectId ?? null,
        datasetId: file.datasetId ?? null,
        requestId: file.requestId ?? null,
        additionalData: file.additionalData ?? {},
      });
      await recordHistory(tx, { model: 'file', objectId: row.id, action: 'create', after: row, by });
      return row;
    },

    /** New bytes for an existing file, audited; the previous bytes stay for the audit trail. */
    async putAndReplace(
      tx: DbOrTx,
      before: repo.FileRow,
      content: { bytes: Buffer; name: string; contentType: string },
      by: By,
      stored: (key: string) => void,
    ) {
      const storageKey = newStorageKey(content.name);
      await storage.put(storageKey, content.bytes, content.contentType);
      stored(storageKey);
      return updateAudited(
        tx,
        before,
        { storageKey, name: content.name, size: content.bytes.length, contentType: content.contentType },
        by,
      );
    },

    /** Runs a write that stores bytes; bytes stored by a write that then fails are removed. */
    async withStoredBytes<T>(write: (stored: (key: string) => void) => Promise<T>): Promise<T> {
      const keys: string[] = [];
      try {
        return await write((key) => keys.push(key));
      } catch (error) {
        await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
        throw error;
      }
    },
  };
}

export type FileWriter = ReturnType<typeof createFileWriter>;
