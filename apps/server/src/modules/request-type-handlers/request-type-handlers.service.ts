import type { Actor } from '@rrp/domain';
import type { requests } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';
import type { FieldErrors } from '../../platform/http/errors';
import type { FilesService } from '../files/files.service';
import * as repo from './request-type-handlers.repo';

type RequestRow = typeof requests.$inferSelect;

/** What a write names, for its type to check (researcher §5). */
export interface ResolveInput {
  type: number;
  ownerId: number;
  /** Who files or edits it (the owner, or staff filing for them). */
  filerId: number;
  actor: Actor;
  projectId: number;
  nonAutism: boolean;
  datasetIds: number[];
  additionalData: Record<string, unknown>;
  intentToDownload: boolean | null;
  agreedNih: boolean | null;
  dataSafeguard: boolean | null;
  gpfAccessStatus: number | null;
  /** Creating: the rules on what the owner already holds apply; an edit keeps them as they were. */
  checkApproved: boolean;
  excludeRequestId?: number;
}

/** The state a write leads to, checked in full before anything is stored. */
export interface Resolved {
  displayName: string;
  cohortIds: number[];
  datasetIds: number[];
  sampleTypeId: number | null;
  samples: { id: string; amount: number }[];
  additionalData: Record<string, unknown>;
  gpfAccessStatus: number | null;
  /** Uploaded documents the answers name (Research Match, tissue), linked to the request once stored. */
  documentIds: number[];
  /** The collection a pilot or tissue request asks for, tied to it once stored. */
  cartId: number | null;
}

/**
 * One request type's rules: what it checks and stores, and what it needs around the common
 * write. The requests service asks the handler of a request's type, never the type itself; the
 * types other modules own (Research Match, the tissue network) hand theirs to it at wiring, so
 * this contract sits below requests and them.
 */
export interface RequestTypeHandler {
  /** Checks the type's resources, forms and documents and answers what to store. */
  resolve(tx: DbOrTx, input: ResolveInput): Promise<Resolved>;
  /** Answers an edit starts from that are stored outside `additional_data` (samples, a cart). */
  storedAnswers?(tx: DbOrTx, request: RequestRow): Promise<Record<string, unknown>>;
  /** The request keeps the dataset terms (intent to download, NIH agreement, data safeguard). */
  datasetTerms?: true;
  /** Filed only while this feature flag is on. */
  feature?: string;
  /** Work in the transaction that submits a request of the type. */
  submitted?(tx: DbOrTx, requestId: number, by: Actor): Promise<void>;
}

/** A resolved write with nothing of the parts its type does not have. */
export const resolved = (
  parts: Pick<Resolved, 'displayName' | 'cohortIds' | 'additionalData'> & Partial<Resolved>,
): Resolved => ({
  datasetIds: [],
  sampleTypeId: null,
  samples: [],
  gpfAccessStatus: null,
  documentIds: [],
  cartId: null,
  ...parts,
});

/** A form's errors as field errors (one message each). */
export const fieldErrorsOf = (errors: Record<string, string>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]]));

/** The usage answers as stored: a list of true/false answers, or nothing. */
export function usageAnswersOf(value: unknown): (boolean | null)[] | null {
  if (!Array.isArray(value) || value.length > 10) return null;
  return value.every((answer) => answer === true || answer === false || answer === null) ? value : null;
}

/** Who may have uploaded a request's documents: the owner and the staff member filing for them. */
const uploadersOf = (input: ResolveInput) => [...new Set([input.ownerId, input.filerId])];

/** Each document the answers name must be one the owner or filer uploaded (for this request). */
export async function checkOwnDocuments(
  tx: DbOrTx,
  files: Pick<FilesService, 'uploadedBy'>,
  documents: readonly { id: number; key: string }[],
  input: ResolveInput,
  errors: FieldErrors,
  message: string,
): Promise<void> {
  const own = await files.uploadedBy(
    tx,
    documents.map((entry) => entry.id),
    uploadersOf(input),
    input.excludeRequestId ?? null,
  );
  for (const entry of documents) if (!own.has(entry.id)) errors[entry.key] = [message];
}

/** The ids of the cohorts with these names (the cohorts an application names, or its network's). */
export const cohortIdsByName = (tx: DbOrTx, names: readonly string[]): Promise<number[]> =>
  repo.cohortIdsByName(tx, names);
