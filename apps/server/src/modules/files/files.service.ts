import { FILE_MESSAGES, LIMITS, type Actor, type FileDto, type ZipEntry } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/files/storage';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { listZipEntries, zipStream } from '../../platform/files/zip';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
import { createFileAccess } from './file-access';
import type { FileTypePolicy } from './file-type-policy';
import { createFileUploads } from './file-uploads';
import { createFileWriter, type By, type NewFile } from './file-writes';
import { fileList } from './files.lists';
import { presentFile, presentListItem, shownInline } from './files.presenter';
import * as repo from './files.repo';

export type { FileRow } from './files.repo';
export type { FileTypePolicy } from './file-type-policy';
export { shownInline } from './files.presenter';

/** Storing and reading files: every upload and generated file goes through here. */
export function createFilesService(deps: {
  db: Db;
  storage: FileStorage;
  scanner: VirusScanner;
  /** The upload size limit in bytes (UPLOAD_MAX_MB; LIMITS.files.uploadMaxBytes by default). */
  maxUploadBytes?: number;
}) {
  const { db, storage } = deps;
  const maxUploadBytes = deps.maxUploadBytes ?? LIMITS.files.uploadMaxBytes;
  const access = createFileAccess(db);
  const writer = createFileWriter(storage, deps.scanner);
  const { load, visibleTo } = access;

  return {
    ...createFileUploads({ db, access, writer }),

    registerType(type: string, policy: FileTypePolicy) {
      access.policies.set(type, policy);
    },

    /**
     * Of the files a form names, those `creatorIds` uploaded that are free or already this
     * request's: a form may only name documents its filer uploaded for it.
     */
    uploadedBy(tx: DbOrTx, ids: readonly number[], creatorIds: readonly number[], requestId: number | null) {
      return repo.uploadedBy(tx, ids, creatorIds, requestId);
    },

    /** Links uploaded documents to the request they were filed with: they then follow its permissions. */
    linkToRequest(tx: DbOrTx, ids: readonly number[], requestId: number) {
      return repo.linkToRequest(tx, ids, requestId);
    },

    /** The upload size limit in bytes, for the multipart parser. */
    maxUploadBytes,

    /**
     * GET file/{id}/: metadata, with the content as base64 or a short-lived signed URL on request;
     * `inline` makes the link of a PDF open in the browser (other types always download).
     */
    async get(
      actor: Actor,
      id: number,
      options: { base64: boolean; signedUrl: boolean; inline?: boolean },
    ): Promise<FileDto> {
      const { file, permissions } = await load(db, actor, id, 'read');
      const dto = presentFile(file, permissions);
      if (options.base64) dto.base64 = (await storage.get(file.storageKey)).toString('base64');
      if (options.signedUrl) {
        const disposition = options.inline && shownInline(file.contentType) ? 'inline' : 'attachment';
        dto.signed_url = await storage.signedUrl(file.storageKey, file.name, 300, disposition);
      }
      return dto;
    },

    /**
     * GET file/: the files the caller may read, filtered, in one query. Rows carry the actions
     * the caller holds on every file of the type; conditional ones are on the detail (decision 027).
     */
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(fileList, query);
      const page = await repo.listFiles(db, list, visibleTo(actor));
      const expandCreator = list.expand.has('creator');
      const results = page.rows.map((row) =>
        presentListItem(row, access.listPermissions(actor, row.type), expandCreator),
      );
      return { list: { limit: list.limit, offset: list.offset }, count: page.count, results };
    },

    /** The bytes of a file the actor may read, for downloads. */
    async download(actor: Actor, id: number) {
      const { file } = await load(db, actor, id, 'read');
      return { file, content: await storage.get(file.storageKey) };
    },

    /**
     * GET file/download/: one zip of the selected files, streamed. Every id must be a file the
     * caller may read; otherwise 404 and no zip.
     */
    async zip(actor: Actor, ids: readonly number[]) {
      const visible = await repo.findVisibleFiles(db, ids, visibleTo(actor));
      const byId = new Map(visible.map((row) => [row.id, row]));
      const rows: repo.FileRow[] = [];
      for (const id of ids) {
        // A file outside the SQL visibility may still be readable through its policy's own check.
        rows.push(byId.get(id) ?? (await load(db, actor, id, 'read')).file);
      }
      // A missing file is a 404 now, not a zip broken off halfway once its answer has begun.
      await Promise.all(rows.map((row) => storage.assertExists(row.storageKey)));
      return zipStream(
        rows.map((row) => ({
          name: row.name,
          contentType: row.contentType,
          open: () => storage.stream(row.storageKey),
        })),
      );
    },

    /**
     * GET file/list_files/: the entries of a stored zip, by id or by name (the newest the caller
     * may read), or `{message}` when there is none or it cannot be read (researcher §7).
     */
    async listZip(
      actor: Actor,
      query: { id?: number; zip_file_name?: string },
    ): Promise<ZipEntry[] | { message: string }> {
      let file: repo.FileRow | null = null;
      if (query.id !== undefined) {
        try {
          file = (await load(db, actor, query.id, 'read')).file;
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
        }
      } else if (query.zip_file_name !== undefined) {
        file = await repo.findNewestByName(db, query.zip_file_name, visibleTo(actor));
      }
      if (!file) return { message: FILE_MESSAGES.zipNotFound };
      if (file.contentType !== 'application/zip' && !/\.zip$/i.test(file.name)) {
        return { message: FILE_MESSAGES.notAZip };
      }
      const key = file.storageKey;
      try {
        return await listZipEntries(
          { size: file.size, read: (start, end) => storage.stream(key, { start, end }) },
          LIMITS.files.zipMaxEntries,
        );
      } catch {
        return { message: FILE_MESSAGES.zipUnreadable };
      }
    },

    /** The bytes behind a signed URL, for storage that cannot serve them itself (local disk). */
    async signedDownload(key: string, expires: number, signature: string) {
      if (!storage.verifySignature?.(key, expires, signature)) throw new NotFoundError();
      const file = await repo.findByStorageKey(db, key);
      if (!file) throw new NotFoundError();
      return { file, content: await storage.get(key) };
    },

    /** PATCH file/{id}/ (JSON): metadata changes, as the owning module's policy allows. */
    async update(actor: Actor, id: number, body: Record<string, unknown>): Promise<FileDto> {
      const updated = await db.transaction(async (tx) => {
        // Which changes the actor may make is the owning module's rule (e.g. an official may sign).
        const { file, policy } = await load(tx, actor, id, 'read', true);
        if (!policy?.update) throw new ForbiddenError();
        return policy.update(tx, actor, file, body);
      });
      const { permissions } = await load(db, actor, id, 'read');
      return presentFile(updated, permissions);
    },

    /**
     * Scans, stores the bytes and writes the file row in the caller's transaction (generated
     * files such as RDAs). Bytes that fail the scan are never stored.
     */
    async store(tx: DbOrTx, file: NewFile, by: By) {
      await writer.scanOrThrow(file.content, file.name);
      return writer.withStoredBytes((stored) => writer.putAndInsert(tx, file, by, stored));
    },

    /**
     * Refuses files the actor may not read, as a field error of `attachments`: what an e-mail
     * carries must be theirs to send.
     */
    async assertAttachable(tx: DbOrTx, actor: Actor, ids: readonly number[]): Promise<void> {
      for (const id of ids) {
        try {
          await load(tx, actor, id, 'read');
        } catch (error) {
          if (error instanceof NotFoundError || error instanceof ForbiddenError) {
            throw new ValidationError({ attachments: [`No file with id ${id}.`] });
          }
          throw error;
        }
      }
    },

    /** Changes a file's metadata (e.g. RDA signatures), audited. */
    updateMetadata(
      tx: DbOrTx,
      before: repo.FileRow,
      values: { additionalData?: Record<string, unknown> },
      by: By,
    ) {
      return writer.updateAudited(tx, before, values, by);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry of file types, for modules that own a kind of file (and their tests). */
    fileTypes: { register(type: string, policy: FileTypePolicy): void };
  }
}
