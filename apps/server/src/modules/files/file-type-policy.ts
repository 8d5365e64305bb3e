import type { SQL } from 'drizzle-orm';
import type { Actor, Subject } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import type { FileRow } from './files.repo';

/**
 * How the module that owns a kind of file (e.g. institutions for `rda`) governs it: the
 * permission subject and the object its conditions read, and the metadata changes it allows.
 */
export interface FileTypePolicy {
  subject: Subject;
  /** The object the permission conditions read, as seen by this actor (e.g. whether they are a member). */
  subjectOf(tx: DbOrTx, file: FileRow, actor: Actor): Promise<object>;
  update?(tx: DbOrTx, actor: Actor, file: FileRow, body: Record<string, unknown>): Promise<FileRow>;
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
  afterCreate?(tx: DbOrTx, actor: Actor, file: FileRow): Promise<void>;
  /**
   * Checks, in the replacing transaction, that this file's bytes may still be replaced (e.g. an
   * RDA only while it awaits its signature); `update` on the subject is checked before it.
   */
  authorizeReplace?(tx: DbOrTx, actor: Actor, file: FileRow): Promise<void>;
  /**
   * The files of this type an actor with only conditional read grants may read, as a condition
   * on the `files` table (e.g. "the project is theirs"), so lists stay one query. Without it,
   * such actors see in lists only the files of this type they uploaded (decision 027).
   */
  readableWhere?(actor: Actor): SQL;
}
