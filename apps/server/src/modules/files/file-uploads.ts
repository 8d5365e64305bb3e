import {
  FILE_MESSAGES,
  replaceFileFieldsSchema,
  uploadFileFieldsSchema,
  type Actor,
  type FileDto,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, ValidationError } from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import { sniffContentType } from '../../platform/files/sniff';
import { entryName } from '../../platform/files/zip';
import type { FileAccess } from './file-access';
import { byActor, storedName, type FileWriter } from './file-writes';
import type { UploadedFile } from './multipart';

/** POST file/ and PATCH file/{id}/ in multipart: uploads and new bytes, as the types' policies allow. */
export function createFileUploads(deps: { db: Db; access: FileAccess; writer: FileWriter }) {
  const { db, access, writer } = deps;
  const { load } = access;

  return {
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
      const policy = access.policies.get(input.type);
      if (!policy?.authorizeCreate) {
        throw new ValidationError({ type: [FILE_MESSAGES.typeNotUploadable(input.type)] });
      }
      if (input.creator != null && input.creator !== actor.userId) {
        throw new ValidationError({ creator: [FILE_MESSAGES.creatorNotSelf] });
      }
      const name = storedName(input.name, upload);
      const contentType = sniffContentType(upload.content, upload.mimetype);
      await writer.scanOrThrow(upload.content, name);

      const row = await writer.withStoredBytes((stored) =>
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
          const created = await writer.putAndInsert(
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
      return access.present(actor, row);
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
        await writer.scanOrThrow(upload.content, name);
        if (current.contentType === 'application/pdf' && contentType !== 'application/pdf') {
          throw new ValidationError({ file: [FILE_MESSAGES.mustBePdf] });
        }
        content = { bytes: upload.content, name, contentType };
      }

      const updated = await writer.withStoredBytes((stored) =>
        db.transaction(async (tx) => {
          const { file, policy, subject } = await load(tx, actor, id, 'read', true);
          let row = file;
          if (content || givenName) {
            if (!policy || !subject) throw new ForbiddenError();
            authorize(actor, 'update', policy.subject, subject);
            if (content) await policy.authorizeReplace?.(tx, actor, row);
            if (content) row = await writer.putAndReplace(tx, row, content, byActor(actor), stored);
            else if (givenName && givenName !== row.name) {
              row = await writer.updateAudited(tx, row, { name: entryName(givenName) }, byActor(actor));
            }
          }
          if (Object.keys(metadata).length > 0) {
            if (!policy?.update) throw new ForbiddenError();
            row = await policy.update(tx, actor, row, metadata);
          }
          return row;
        }),
      );
      return access.present(actor, updated);
    },
  };
}
