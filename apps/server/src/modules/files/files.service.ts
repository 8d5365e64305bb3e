import type { DbOrTx } from '../../platform/db/database';
import { newStorageKey, type FileStorage } from '../../platform/files/storage';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { AppError, NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import * as repo from './files.repo';

export type { FileRow } from './files.repo';

export interface NewFile {
  name: string;
  content: Buffer;
  contentType: string;
  type: string;
  creatorId?: number | null;
  institutionId?: number | null;
  projectId?: number | null;
  datasetId?: number | null;
  additionalData?: Record<string, unknown>;
}

/** 412, with the spec's message, for an upload the scanner flags (foundation §8). */
export class VirusFoundError extends AppError {
  constructor(fileName: string) {
    super(412, `File ${fileName} did not pass virus scan`);
  }
}

/** Storing and reading files: every upload and generated file goes through here. */
export function createFilesService(deps: { storage: FileStorage; scanner: VirusScanner }) {
  const { storage, scanner } = deps;
  return {
    /**
     * Scans, stores the bytes and writes the file row in the caller's transaction. Bytes that fail
     * the scan are never stored.
     */
    async store(tx: DbOrTx, file: NewFile, by: { userId: number; impersonatorId?: number | null } | null) {
      const result = await scanner.scan(file.content);
      if (!result.clean) throw new VirusFoundError(file.name);
      const storageKey = newStorageKey(file.name);
      await storage.put(storageKey, file.content, file.contentType);
      try {
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
          additionalData: file.additionalData ?? {},
        });
        await recordHistory(tx, { model: 'file', objectId: row.id, action: 'create', after: row, by });
        return row;
      } catch (error) {
        await storage.remove(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async find(tx: DbOrTx, id: number, lock = false) {
      const row = await repo.findFile(tx, id, lock);
      if (!row) throw new NotFoundError();
      return row;
    },

    /** Changes a file's metadata (e.g. RDA signatures), audited. */
    async updateMetadata(
      tx: DbOrTx,
      before: repo.FileRow,
      values: { additionalData?: Record<string, unknown> },
      by: { userId: number; impersonatorId?: number | null } | null,
    ) {
      const after = await repo.updateFile(tx, before.id, values);
      await recordHistory(tx, { model: 'file', objectId: before.id, action: 'update', before, after, by });
      return after;
    },

    /** Replaces a file's bytes (a revised PDF), scanned like any upload. */
    async replaceContent(
      tx: DbOrTx,
      before: repo.FileRow,
      content: Buffer,
      name: string,
      by: { userId: number } | null,
    ) {
      const result = await scanner.scan(content);
      if (!result.clean) throw new VirusFoundError(name);
      const storageKey = newStorageKey(name);
      await storage.put(storageKey, content, before.contentType);
      const after = await repo.updateFile(tx, before.id, { storageKey, name, size: content.length });
      await recordHistory(tx, { model: 'file', objectId: before.id, action: 'update', before, after, by });
      return after;
    },

    content: (row: repo.FileRow) => storage.get(row.storageKey),
    signedUrl: (row: repo.FileRow, ttlSeconds = 300) =>
      storage.signedUrl(row.storageKey, row.name, ttlSeconds),
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
