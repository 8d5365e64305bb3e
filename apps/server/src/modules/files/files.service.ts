import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import {
  can,
  FILE_MESSAGES,
  LIMITS,
  mayAttempt,
  permissionsFor,
  replaceFileFieldsSchema,
  uploadFileFieldsSchema,
  type Action,
  type Actor,
  type FileDto,
  type FileListItemDto,
  type Subject,
  type ZipEntry,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { newStorageKey, type FileStorage } from '../../platform/files/storage';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { sniffContentType } from '../../platform/files/sniff';
import { entryName, listZipEntries, zipStream } from '../../platform/files/zip';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import { files } from '../../db/schema';
import { fileList } from './files.lists';
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
  requestId?: number | null;
  additionalData?: Record<string, unknown>;
}

/** A file part of a multipart call, read into memory within the upload size limit. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/** 412, with the spec's message, for an upload the scanner flags (foundation §8). */
export class VirusFoundError extends AppError {
  constructor(fileName: string) {
    super(LIMITS.virusScanFailedStatus, FILE_MESSAGES.virusFound(fileName));
  }
}

/** 413 for an upload over the size limit (decision 026). */
export class FileTooLargeError extends AppError {
  constructor(fileName: string, limitBytes: number) {
    super(413, FILE_MESSAGES.tooLarge(fileName, limitBytes));
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
      /** The request the file belongs to (`request` field of the upload). */
      requestId: number | null;
      additionalData: Record<string, unknown>;
      name: string;
      contentType: string;
    },
  ): Promise<{ additionalData: Record<string, unknown> }>;
  /** Runs in the upload's transaction after the row is written (e.g. make it the project's latest IRB). */
  afterCreate?(tx: DbOrTx, actor: Actor, file: repo.FileRow): Promise<void>;
  /**
   * Checks, in the replacing transaction, that this file's bytes may still be replaced (e.g. an
   * RDA only while it awaits its signature); `update` on the subject is checked before it.
   */
  authorizeReplace?(tx: DbOrTx, actor: Actor, file: repo.FileRow): Promise<void>;
  /**
   * The files of this type an actor with only conditional read grants may read, as a condition
   * on the `files` table (e.g. "the project is theirs"), so lists stay one query. Without it,
   * such actors see in lists only the files of this type they uploaded (decision 027).
   */
  readableWhere?(actor: Actor): SQL;
}

/**
 * The types a browser may show in its own window instead of saving: PDFs, through its PDF viewer
 * (decision 335). Anything else, HTML and images above all, is only ever a download, so an upload
 * never runs as a page of the portal's origin.
 */
export function shownInline(contentType: string): boolean {
  return contentType === 'application/pdf';
}

export function presentFile(actor: Actor | null, file: repo.FileRow, permissions: string[]): FileDto {
  return {
    id: file.id,
    name: file.name,
    file_name: file.name,
    file: `/api/file/${file.id}/download/`,
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

const byActor = (actor: Actor): By => ({
  userId: actor.userId,
  impersonatorId: actor.impersonatorId ?? null,
});

/** Storing and reading files: every upload and generated file goes through here. */
export function createFilesService(deps: {
  db: Db;
  storage: FileStorage;
  scanner: VirusScanner;
  /** The upload size limit in bytes (UPLOAD_MAX_MB; LIMITS.files.uploadMaxBytes by default). */
  maxUploadBytes?: number;
}) {
  const { db, storage, scanner } = deps;
  const maxUploadBytes = deps.maxUploadBytes ?? LIMITS.files.uploadMaxBytes;
  const policies = new Map<string, FileTypePolicy>();

  /** Loads a file the actor may act on; files of unregistered types are only their creator's. */
  async function load(tx: DbOrTx, actor: Actor, id: number, action: Action, lock = false) {
    const file = await repo.findFile(tx, id, lock);
    if (!file) throw new NotFoundError();
    const policy = policies.get(file.type);
    if (!policy) {
      if (file.creatorId !== actor.userId) throw new NotFoundError();
      return { file, policy, subject: null, permissions: ['read'] };
    }
    const subject = await policy.subjectOf(tx, file, actor);
    authorize(actor, action, policy.subject, subject);
    return { file, policy, subject, permissions: permissionsFor(actor, policy.subject, subject) };
  }

  /**
   * The files the actor may read, as SQL: every file of a type whose subject they may read
   * outright, the policy's condition where their grant is conditional, and their own uploads
   * of types no module has registered.
   */
  function visibleTo(actor: Actor): SQL {
    const types = [...policies.keys()];
    const own = eq(files.creatorId, actor.userId);
    const clauses: SQL[] = [types.length ? and(own, notInArray(files.type, types))! : own];
    for (const [type, policy] of policies) {
      if (can(actor, 'read', policy.subject)) clauses.push(eq(files.type, type));
      else if (policy.readableWhere && mayAttempt(actor, 'read', policy.subject)) {
        clauses.push(and(eq(files.type, type), policy.readableWhere(actor))!);
      } else if (mayAttempt(actor, 'read', policy.subject)) {
        clauses.push(and(eq(files.type, type), own)!);
      }
    }
    return or(...clauses)!;
  }

  /** The scan, before anything is stored; a scanner that cannot be reached refuses the upload. */
  async function scanOrThrow(content: Buffer, name: string) {
    let result;
    try {
      result = await scanner.scan(content);
    } catch {
      throw new ServiceUnavailableError(FILE_MESSAGES.scannerUnavailable);
    }
    if (!result.clean) throw new VirusFoundError(name);
  }

  /** Puts scanned bytes in storage and writes the row and its history in the caller's transaction. */
  async function putAndInsert(tx: DbOrTx, file: NewFile, by: By, stored: (key: string) => void) {
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
  }

  /** New bytes for an existing file, audited; the previous bytes stay for the audit trail. */
  async function putAndReplace(
    tx: DbOrTx,
    before: repo.FileRow,
    content: { bytes: Buffer; name: string; contentType: string },
    by: By,
    stored: (key: string) => void,
  ) {
    const storageKey = newStorageKey(content.name);
    await storage.put(storageKey, content.bytes, content.contentType);
    stored(storageKey);
    const after = await repo.updateFile(tx, before.id, {
      storageKey,
      name: content.name,
      size: content.bytes.length,
      contentType: content.contentType,
    });
    await recordHistory(tx, { model: 'file', objectId: before.id, action: 'update', before, after, by });
    return after;
  }

  /** Runs a write that stores bytes; bytes stored by a write that then fails are removed. */
  async function withStoredBytes<T>(write: (stored: (key: string) => void) => Promise<T>): Promise<T> {
    const keys: string[] = [];
    try {
      return await write((key) => keys.push(key));
    } catch (error) {
      await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  /** The name to store: the one given, else the uploaded file's own, never a path. */
  function storedName(given: string | undefined, upload: UploadedFile): string {
    const name = entryName(given || upload.filename || '');
    return name.slice(0, LIMITS.files.nameMaxLength);
  }

  async function present(actor: Actor, file: repo.FileRow): Promise<FileDto> {
    const policy = policies.get(file.type);
    if (!policy) return presentFile(actor, file, ['read']);
    const subject = await policy.subjectOf(db, file, actor);
    return presentFile(actor, file, permissionsFor(actor, policy.subject, subject));
  }

  return {
    registerType(type: string, policy: FileTypePolicy) {
      policies.set(type, policy);
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
      const dto = presentFile(actor, file, permissions);
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
      const results: FileListItemDto[] = page.rows.map((row) => {
        const policy = policies.get(row.type);
        const permissions = policy ? ['read', ...permissionsFor(actor, policy.subject, {})] : ['read'];
        const dto = presentFile(actor, row, [...new Set(permissions)]);
        return {
          ...dto,
          creator:
            list.expand.has('creator') && row.creatorId !== null
              ? {
                  id: row.creatorId,
                  display_name: `${row.creatorFirstName ?? ''} ${row.creatorLastName ?? ''}`.trim(),
                }
              : row.creatorId,
        };
      });
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
      const visible = await db
        .select()
        .from(files)
        .where(and(inArray(files.id, [...ids]), visibleTo(actor)));
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
      const [file] = await db.select().from(files).where(eq(files.storageKey, key));
      if (!file) throw new NotFoundError();
      return { file, content: await storage.get(key) };
    },

    /**
     * POST file/ (multipart): the owning module's policy decides who may upload what; the scan
     * runs before anything is stored, and the row, its history and the policy's follow-up land
     * in one transaction. An infected file answers 412 and leaves no row and no bytes.
     */
    async create(
      actor: Actor,
      fields: Record<string, string>,
      upload: UploadedFile | null,
    ): Promise<FileDto> {
      const input = parseOrThrow(uploadFileFieldsSchema, fields);
      if (!upload) throw new ValidationError({ file: [FILE_MESSAGES.fileRequired] });
      if (upload.content.length === 0) throw new ValidationError({ file: [FILE_MESSAGES.emptyFile] });
      const policy = policies.get(input.type);
      if (!policy?.authorizeCreate) {
        throw new ValidationError({ type: [FILE_MESSAGES.typeNotUploadable(input.type)] });
      }
      if (input.creator != null && input.creator !== actor.userId) {
        throw new ValidationError({ creator: [FILE_MESSAGES.creatorNotSelf] });
      }
      const name = storedName(input.name, upload);
      const contentType = sniffContentType(upload.content, upload.mimetype);
      await scanOrThrow(upload.content, name);

      const row = await withStoredBytes((stored) =>
        db.transaction(async (tx) => {
          const { additionalData } = await policy.authorizeCreate!(tx, actor, {
            projectId: input.project ?? null,
            institutionId: input.institution ?? null,
            datasetId: input.dataset ?? null,
            requestId: input.request ?? null,
            additionalData: input.additional_data ?? {},
            name,
            contentType,
          });
          const created = await putAndInsert(
            tx,
            {
              name,
              content: upload.content,
              contentType,
              type: input.type,
              creatorId: actor.userId,
              projectId: input.project ?? null,
              institutionId: input.institution ?? null,
              datasetId: input.dataset ?? null,
              requestId: input.request ?? null,
              additionalData,
            },
            byActor(actor),
            stored,
          );
          await policy.afterCreate?.(tx, actor, created);
          return created;
        }),
      );
      return present(actor, row);
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
      return presentFile(actor, updated, permissions);
    },

    /**
     * PATCH file/{id}/ (multipart): new bytes (scanned; a PDF stays a PDF) and a new name need
     * `update` on the file's subject; other fields go to the policy's metadata update, as
     * strings (`additional_data` as JSON). All in one transaction.
     */
    async replace(
      actor: Actor,
      id: number,
      fields: Record<string, string>,
      upload: UploadedFile | null,
    ): Promise<FileDto> {
      const { name: givenName, ...metadata } = parseOrThrow(replaceFileFieldsSchema, fields);
      if (upload && upload.content.length === 0) {
        throw new ValidationError({ file: [FILE_MESSAGES.emptyFile] });
      }
      if (!upload && !givenName && Object.keys(metadata).length === 0) {
        throw new ValidationError({ file: [FILE_MESSAGES.fileRequired] });
      }
      // Unreadable files are a 404 before any scanning.
      const current = (await load(db, actor, id, 'read')).file;
      let content: { bytes: Buffer; name: string; contentType: string } | null = null;
      if (upload) {
        const name = storedName(givenName, upload);
        const contentType = sniffContentType(upload.content, upload.mimetype);
        await scanOrThrow(upload.content, name);
        if (current.contentType === 'application/pdf' && contentType !== 'application/pdf') {
          throw new ValidationError({ file: [FILE_MESSAGES.mustBePdf] });
        }
        content = { bytes: upload.content, name, contentType };
      }

      const updated = await withStoredBytes((stored) =>
        db.transaction(async (tx) => {
          const { file, policy, subject } = await load(tx, actor, id, 'read', true);
          let row = file;
          if (content || givenName) {
            if (!policy || !subject) throw new ForbiddenError();
            authorize(actor, 'update', policy.subject, subject);
            if (content) await policy.authorizeReplace?.(tx, actor, row);
            if (content) row = await putAndReplace(tx, row, content, byActor(actor), stored);
            else if (givenName && givenName !== row.name) {
              const renamed = await repo.updateFile(tx, row.id, { name: entryName(givenName) });
              await recordHistory(tx, {
                model: 'file',
                objectId: row.id,
                action: 'update',
                before: row,
                after: renamed,
                by: byActor(actor),
              });
              row = renamed;
            }
          }
          if (Object.keys(metadata).length > 0) {
            if (!policy?.update) throw new ForbiddenError();
            row = await policy.update(tx, actor, row, metadata);
          }
          return row;
        }),
      );
      return present(actor, updated);
    },

    /**
     * Scans, stores the bytes and writes the file row in the caller's transaction (generated
     * files such as RDAs). Bytes that fail the scan are never stored.
     */
    async store(tx: DbOrTx, file: NewFile, by: By) {
      await scanOrThrow(file.content, file.name);
      return withStoredBytes((stored) => putAndInsert(tx, file, by, stored));
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

    /** Replaces a file's bytes (a revised PDF) in the caller's transaction, scanned like any upload. */
    async replaceContent(
      tx: DbOrTx,
      before: repo.FileRow,
      content: Buffer,
      name: string,
      by: { userId: number } | null,
    ) {
      await scanOrThrow(content, name);
      const contentType = sniffContentType(content, before.contentType);
      return withStoredBytes((stored) =>
        putAndReplace(tx, before, { bytes: content, name, contentType }, by, stored),
      );
    },

    content: (row: repo.FileRow) => storage.get(row.storageKey),
    signedUrl: (row: repo.FileRow, ttlSeconds = 300) =>
      storage.signedUrl(row.storageKey, row.name, ttlSeconds),
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry of file types, for modules that own a kind of file (and their tests). */
    fileTypes: { register(type: string, policy: FileTypePolicy): void };
  }
}
