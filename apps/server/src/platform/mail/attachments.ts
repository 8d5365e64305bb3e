import { inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../db/database';
import type { FileStorage } from '../files/storage';
import type { AttachmentLoader } from './outbox';

/** Attachments read from the files table and file storage when an e-mail is delivered. */
export function storedFileAttachments(db: Db, storage: FileStorage): AttachmentLoader {
  return async (fileIds) => {
    if (fileIds.length === 0) return [];
    const rows = await db
      .select({
        id: files.id,
        name: files.name,
        storageKey: files.storageKey,
        contentType: files.contentType,
      })
      .from(files)
      .where(inArray(files.id, [...fileIds]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = [...new Set(fileIds)].flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    return Promise.all(
      ordered.map(async (row) => ({
        filename: row.name,
        content: await storage.get(row.storageKey),
        contentType: row.contentType,
      })),
    );
  };
}
