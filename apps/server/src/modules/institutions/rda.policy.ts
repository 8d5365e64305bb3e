import {
  MESSAGES,
  RDA_MESSAGES,
  RDA_STATUS,
  RDA_STATUSES,
  can,
  flattenAdditionalData,
  rdaChangesSchema,
  signatureMatches,
  type Actor,
} from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ValidationError } from '../../platform/http/errors';
import { parseOrThrow } from '../../platform/http/validate';
import type { FileRow, FileTypePolicy, FilesService } from '../files/files.service';
import * as repo from './institutions.repo';
import { promotePendingTeams } from '../requests/pending-team.service';

const {
  signatureNeeded: SIGNATURE_NEEDED,
  awaitingExecution: AWAITING_EXECUTION,
  fullyExecuted: FULLY_EXECUTED,
} = RDA_STATUS;
const RDA_SIGNED_NO_REVISION = 'A signed RDA can no longer be revised.';

/** Calendar dates are stored at noon, as the spec's `T12:00:00`. */
const atNoon = (day: string) => `${day.slice(0, 10)}T12:00:00`;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The date of a signature made now by the signer: today, or the date their form sent if it is
 * today somewhere (their time zone may already, or still, be on another day than UTC).
 */
function dayOfSigning(sent: string | undefined, field: string): string {
  const today = todayUtc();
  if (sent === undefined) return today;
  const day = sent.slice(0, 10);
  if (Math.abs(Date.parse(day) - Date.parse(today)) > DAY_MS) {
    throw new ValidationError({ [field]: [RDA_MESSAGES.dayOfSigning] });
  }
  return day;
}

/** The changes a PATCH sends, from `additional_data` and beside it alike (staff §3, §7). */
function changesOf(body: Record<string, unknown>) {
  const { fields, errors } = flattenAdditionalData(body);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const input = parseOrThrow(rdaChangesSchema, fields);
  // Multipart forms send numbers as text.
  return { ...input, status: input.status === undefined ? undefined : Number(input.status) };
}

type Changes = ReturnType<typeof changesOf>;
const DATE_FIELDS = ['signature_date', 'sf_signature_date', 'revised_date', 'renewal_date'] as const;

/**
 * The changes less the fields sent with the value the RDA already holds. A client that read the
 * file sends its whole `additional_data` back with its edit (staff §3, §7); what it did not change
 * is no change, so it needs no right and meets no rule (issue 29: the official's signature was
 * refused for the `name` it sent back unchanged).
 */
function withoutUnchanged(input: Changes, stored: Record<string, unknown>): Partial<Changes> {
  const held = (value: unknown) => (value === undefined ? null : value);
  const same: Record<string, (sent: unknown) => boolean> = {
    status: (sent) => sent === Number(stored.status ?? SIGNATURE_NEEDED),
    ...Object.fromEntries(
      DATE_FIELDS.map((field) => [
        field,
        (sent: unknown) => held(typeof sent === 'string' ? atNoon(sent) : sent) === held(stored[field]),
      ]),
    ),
  };
  return Object.fromEntries(
    Object.entries(input).filter(([field, sent]) =>
      field in same ? !same[field]!(sent) : held(sent) !== held(stored[field]),
    ),
  );
}

/**
 * The RDA as a file type: who may read and sign it follows its institution; the official signs
 * (Signature Needed → Awaiting Execution), the administrator lead countersigns (→ Fully
 * Executed), administrators correct status and comments within the limits of staff §4.5.
 */
export function rdaPolicy(
  files: FilesService,
  /** A user's full name as signatures must match it (accounts, given at wiring: accounts reads institutions). */
  displayName: (tx: DbOrTx, userId: number) => Promise<string>,
): FileTypePolicy {
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
      const data = file.additionalData as Record<string, unknown>;
      const input = withoutUnchanged(changesOf(body), data);
      const status = Number(data.status ?? SIGNATURE_NEEDED);
      const subject = await subjectOf(tx, file, actor);
      const next: Record<string, unknown> = { ...data };
      const signer = await displayName(tx, actor.userId);
      // The status a signature made in this call moves the RDA to: sending it too is no correction.
      let signedTo: number | undefined;

      if (input.signature !== undefined && can(actor, 'sign', 'Rda', subject)) {
        // The signing official signs here and now, as themselves.
        if (status !== SIGNATURE_NEEDED)
          throw new ValidationError({ signature: ['This RDA has already been signed.'] });
        if (!signatureMatches(input.signature, signer)) {
          // Sent with a status, this is the admin form's shape in a non-administrator's hands (staff §5).
          const message =
            input.status === undefined ? RDA_MESSAGES.signatureMismatch : RDA_MESSAGES.sbsoSignatureMismatch;
          throw new ValidationError({ signature: [message] });
        }
        Object.assign(next, {
          signature: input.signature,
          signature_date: atNoon(dayOfSigning(input.signature_date, 'signature_date')),
          status: AWAITING_EXECUTION,
        });
        signedTo = AWAITING_EXECUTION;
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
        if (input.signature_date.slice(0, 10) > todayUtc()) {
          throw new ValidationError({ signature_date: ['The signature date cannot be in the future.'] });
        }
        Object.assign(next, {
          signature: input.signature,
          signature_date: atNoon(input.signature_date),
          status: AWAITING_EXECUTION,
        });
        signedTo = AWAITING_EXECUTION;
      }
      if (input.revised_date !== undefined) {
        // A revised PDF (staff §2.10) replaces the document only while it awaits its signature (§4.5).
        authorize(actor, 'update', 'Rda', subject);
        if (status !== SIGNATURE_NEEDED) {
          throw new ValidationError({ file: [RDA_SIGNED_NO_REVISION] });
        }
        next.revised_date = atNoon(input.revised_date);
      }
      if (input.sf_signature !== undefined || input.sf_signature_date !== undefined) {
        authorize(actor, 'countersign', 'Rda', subject);
        if (status !== AWAITING_EXECUTION) {
          throw new ValidationError({
            sf_signature: ['Only an RDA awaiting execution can be countersigned.'],
          });
        }
        if (!input.sf_signature) throw new ValidationError({ sf_signature: [MESSAGES.requiredField] });
        if (!signatureMatches(input.sf_signature, signer))
          throw new ValidationError({ sf_signature: [RDA_MESSAGES.signatureMismatch] });
        Object.assign(next, {
          sf_signature: input.sf_signature,
          sf_signature_date: atNoon(dayOfSigning(input.sf_signature_date, 'sf_signature_date')),
          status: FULLY_EXECUTED,
        });
        signedTo = FULLY_EXECUTED;
      }
      const correctsStatus = input.status !== undefined && input.status !== signedTo;
      const editsDetails =
        input.comments !== undefined || input.name !== undefined || input.renewal_date !== undefined;
      if (correctsStatus || editsDetails) {
        authorize(actor, 'update', 'Rda', subject);
        // Compared with the status after this call's signature, if any.
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
        if (input.name !== undefined) next.name = input.name;
        if (input.renewal_date !== undefined)
          next.renewal_date = input.renewal_date === null ? null : atNoon(input.renewal_date);
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
