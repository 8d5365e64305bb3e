import { permissionsFor, type Actor, type FileDto, type Subject } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { newStorageKey, type FileStorage } from '../../platform/files/storage';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { AppError, ForbiddenError, NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
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

type By = { userId: number; impersonatorId?: number | null } | null;

/**
 * How the module that owns a kind of file (e.g. institutions for `rda`) governs it: the
 * permission subject and the object its conditions read, and the metadata changes it allows.
 */
export interface FileTypePolicy {
  subject: Subject;
  /** The object the permission conditions read, as seen by this actor (e.g. whether they are a member). */
  subjectOf(tx: DbOrTx, file: repo.FileRow, actor: Actor): Promise<object>;
  update?(tx: DbOrTx, actor: Actor, file: repo.FileRow, body: Record<string, unknown>): Promise<repo.FileRow>;
  /** Checks an upload of this type and returns the additional_data to store (validated). */
  authorizeCreate?(
    tx: DbOrTx,
    actor: Actor,
    input: {
      projectId: number | null;
      institutionId: number | null;
      datasetId: number | null;
      additionalData: Record<string, unknown>;
      name: string;
      contentType: string;
    },
  ): Promise<{ additionalData: Record<string, unknown> }>;
  /** Runs in the upload's transaction after the row is written (e.g. make it the project's latest IRB). */
  afterCreate?(tx: DbOrTx, actor: Actor, file: repo.FileRow): Promise<void>;
}

export function presentFile(actor: Actor | null, file: repo.FileRow, permissions: string[]): FileDto {
  return {
    id: file.id,
    name: file.name,
    type: file.type,
    file_type: file.contentType,
    size: file.size,
    creator: file.creatorId,
    project: file.projectId,
    institution: file.institutionId,
    dataset: file.datasetId,
    additional_data: file.additionalData,
    created: file.created.toISOString(),
    permissions,
  };
}

/** Storing and reading files: every upload and generated file goes through here. */
export function createFilesService(deps: { db: Db; storage: FileStorage; scanner: VirusScanner }) {
  const { db, storage, scanner } = deps;
  const policies = new Map<string, FileTypePolicy>();

  /** Loads a file the actor may act on; files of unregistered types are only their creator's. */
  async function load(tx: DbOrTx, actor: Actor, id: number, action: 'read', lock = false) {
    const file = await repo.findFile(tx, id, lock);
    if (!file) throw new NotFoundError();
    const policy = policies.get(file.type);
    if (!policy) {
      if (file.creatorId !== actor.userId) throw new NotFoundError();
      return { file, policy, permissions: ['read'] };
    }
    const subject = await policy.subjectOf(tx, file, actor);
    authorize(actor, action, policy.subject, subject);
    return { file, policy, permissions: permissionsFor(actor, policy.subject, subject) };
  }

  return {
    registerType(type: string, policy: FileTypePolicy) {
      policies.set(type, policy);
    },

    /** GET file/{id}/: metadata, with the content as base64 or a short-lived signed URL on request. */
    async get(actor: Actor, id: number, options: { base64: boolean; signedUrl: boolean }): Promise<FileDto> {
      const { file, permissions } = await load(db, actor, id, 'read');
      const dto = presentFile(actor, file, permissions);
      if (options.base64) dto.base64 = (await storage.get(file.storageKey)).toString('base64');
      if (options.signedUrl) dto.signed_url = await storage.signedUrl(file.storageKey, file.name, 300);
      return dto;
    },

    /** The bytes of a file the actor may read, for downloads. */
    async download(actor: Actor, id: number) {
      const { file } = await load(db, actor, id, 'read');
      return { file, content: await storage.get(file.storageKey) };
    },

    /** The bytes behind a signed URL, for storage that cannot serve them itself (local disk). */
    async signedDownload(key: string, expires: number, signature: string) {
      if (!storage.verifySignature?.(key, expires, signature)) throw new NotFoundError();
      const [file] = await db.select().from(files).where(eq(files.storageKey, key));
      if (!file) throw new NotFoundError();
      return { file, content: await storage.get(key) };
    },

    /** PATCH file/{id}/: metadata changes, as the owning module's policy allows. */
    async update(actor: Actor, id: number, body: Record<string, unknown>): Promise<FileDto> {
      const updated = await db.transaction(async (tx) => {
        // Which changes the actor may make is the owning module's rule (e.g. an official may sign).
        const { file, policy } = await load(tx, actor, id, 'read', true);
        if (!policy?.update) throw new ForbiddenError();
        return policy.update(tx, actor, file, body);
      });
      const { permissions } = await load(db, actor, id, 'read');
      return presentFile(actor, updated, permissions);
    },

    /**
     * Scans, stores the bytes and writes the file row in the caller's transaction. Bytes that fail
     * the scan are never stored.
     */
    async store(tx: DbOrTx, file: NewFile, by: By) {
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
      by: By,
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
