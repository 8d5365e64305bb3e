import { MESSAGES, RDA_STATUSES, can, updateRdaSchema, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ValidationError } from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import type { FileRow, FileTypePolicy, FilesService } from '../files/files.service';
import * as accounts from '../accounts/accounts.service';
import * as repo from './institutions.repo';
import { promotePendingTeams } from '../requests/pending-team.service';

const SIGNATURE_NEEDED = 1;
const AWAITING_EXECUTION = 2;
const FULLY_EXECUTED = 3;
const RDA_SIGNED_NO_REVISION = 'A signed RDA can no longer be revised.';
const SIGNATURE_MISMATCH = 'Signature does not match full name';

/** Signature dates are calendar dates, stored at noon as the spec's `T12:00:00`. */
const todayAtNoon = () => `${new Date().toISOString().slice(0, 10)}T12:00:00`;

const sameName = (typed: string, fullName: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === fullName.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The RDA as a file type: who may read and sign it follows its institution; the official signs
 * (Signature Needed → Awaiting Execution), the administrator lead countersigns (→ Fully
 * Executed), administrators correct status and comments within the limits of staff §4.5.
 */
export function rdaPolicy(files: FilesService): FileTypePolicy {
  async function subjectOf(tx: DbOrTx, file: FileRow, actor?: Actor) {
    const row = file.institutionId ? await repo.findInstitution(tx, file.institutionId) : null;
    const member =
      actor && file.institutionId ? await repo.isMember(tx, file.institutionId, actor.userId) : false;
    return {
      currentIoId: row?.institution.currentIoId ?? null,
      memberIds: member && actor ? [actor.userId] : [],
    };
  }

  return {
    subject: 'Rda',
    subjectOf,
    // A revised PDF (staff §2.10) replaces the document only while it awaits its signature (§4.5).
    async authorizeReplace(_tx, _actor, file) {
      if (Number(file.additionalData.status ?? SIGNATURE_NEEDED) !== SIGNATURE_NEEDED) {
        throw new ValidationError({ file: [RDA_SIGNED_NO_REVISION] });
      }
    },
    async update(tx, actor, file, body) {
      const input = parseOrThrow(updateRdaSchema, body);
      const data = file.additionalData as Record<string, unknown>;
      const status = Number(data.status ?? SIGNATURE_NEEDED);
      const subject = await subjectOf(tx, file, actor);
      const next: Record<string, unknown> = { ...data };
      const signer = await accounts.displayName(tx, actor.userId);

      if (input.signature !== undefined && can(actor, 'sign', 'Rda', subject)) {
        // The signing official signs here and now, as themselves.
        if (status !== SIGNATURE_NEEDED)
          throw new ValidationError({ signature: ['This RDA has already been signed.'] });
        if (!sameName(input.signature, signer))
          throw new ValidationError({ signature: [SIGNATURE_MISMATCH] });
        Object.assign(next, {
          signature: input.signature,
          signature_date: todayAtNoon(),
          status: AWAITING_EXECUTION,
        });
      } else if (input.signature !== undefined || input.signature_date !== undefined) {
        // The admin form records the official's signature and its date as received (staff §4.5):
        // open only while the RDA awaits that signature.
        authorize(actor, 'update', 'Rda', subject);
        if (status !== SIGNATURE_NEEDED) {
          throw new ValidationError({
            signature: ['The signature and its date can no longer change once the RDA is signed.'],
          });
        }
        if (!input.signature) throw new ValidationError({ signature: [MESSAGES.requiredField] });
        if (!input.signature_date) throw new ValidationError({ signature_date: [MESSAGES.requiredField] });
        if (input.signature_date > todayAtNoon().slice(0, 10)) {
          throw new ValidationError({ signature_date: ['The signature date cannot be in the future.'] });
        }
        Object.assign(next, {
          signature: input.signature,
          signature_date: `${input.signature_date}T12:00:00`,
          status: AWAITING_EXECUTION,
        });
      }
      if (input.revised_date !== undefined) {
        // A revised PDF (staff §2.10) replaces the document only while it awaits its signature (§4.5).
        authorize(actor, 'update', 'Rda', subject);
        if (status !== SIGNATURE_NEEDED) {
          throw new ValidationError({ file: [RDA_SIGNED_NO_REVISION] });
        }
        next.revised_date = `${input.revised_date}T12:00:00`;
      }
      if (input.sf_signature !== undefined) {
        authorize(actor, 'countersign', 'Rda', subject);
        if (status !== AWAITING_EXECUTION) {
          throw new ValidationError({
            sf_signature: ['Only an RDA awaiting execution can be countersigned.'],
          });
        }
        if (!sameName(input.sf_signature, signer))
          throw new ValidationError({ sf_signature: [SIGNATURE_MISMATCH] });
        Object.assign(next, {
          sf_signature: input.sf_signature,
          sf_signature_date: todayAtNoon(),
          status: FULLY_EXECUTED,
        });
      }
      if (input.status !== undefined || input.comments !== undefined) {
        authorize(actor, 'update', 'Rda', subject);
        // Compared with the status before this save: a signature recorded above already moved it.
        if (input.status !== undefined && input.status !== Number(next.status)) {
          // Staff §4.5: once signed, Signature Needed is closed; once executed, Awaiting Execution too.
          const current = Number(next.status);
          const closed =
            (current > SIGNATURE_NEEDED && input.status === SIGNATURE_NEEDED) ||
            (current === FULLY_EXECUTED && input.status === AWAITING_EXECUTION);
          if (closed) {
            throw new ValidationError({
              status: [
                `An RDA that is ${RDA_STATUSES[current as 1]} cannot return to ${RDA_STATUSES[input.status as 1]}.`,
              ],
            });
          }
          if (input.status === AWAITING_EXECUTION && !next.signature_date) {
            throw new ValidationError({ status: ['The signature date is required for this status.'] });
          }
          if (input.status === FULLY_EXECUTED && !next.sf_signature_date) {
            throw new ValidationError({
              status: ['The foundation signature and execution date are required for this status.'],
            });
          }
          next.status = input.status;
        }
        if (input.comments !== undefined) next.comments = input.comments;
      }
      const updated = await files.updateMetadata(tx, file, { additionalData: next }, actor);
      // A fully executed RDA may complete a request's team (Approved (Pending Team) -> Approved).
      if (
        Number(next.status) === FULLY_EXECUTED &&
        status !== FULLY_EXECUTED &&
        file.institutionId !== null
      ) {
        await promotePendingTeams(tx, { institutionId: file.institutionId }, actor);
      }
      return updated;
    },
  };
}
