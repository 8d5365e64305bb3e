import {
  irbExpiryState,
  NON_AUTISM_RESEARCH_MATCH_COHORTS,
  RESEARCH_MATCH_MESSAGES,
  REQUEST_MESSAGES,
  RESEARCH_MATCH_TYPE,
} from '@rrp/domain';
import { fileAnswers } from '@rrp/domain/forms';
import type { DbOrTx } from '../../platform/db/database';
import { invalid } from '../../platform/http/errors';
import type { FilesService } from '../files/files.service';
import type { FormsService } from '../forms/forms.service';
import {
  checkOwnDocuments,
  cohortIdsByName,
  fieldErrorsOf,
  resolved,
  type RequestTypeHandler,
  type ResolveInput,
} from '../request-type-handlers/request-type-handlers.service';
import { findProjectForRequest } from '../requests/requests.service';

/** The Research Match application form (researcher §3 "Research Match form fields"). */
const RESEARCH_MATCH_FORM_ID = 'research_match_application';
/** The "Requested Resource" of a Research Match application in lists. */
const RESEARCH_MATCH_DISPLAY_NAME = 'Research Match';

/**
 * Checks a Research Match application (type 4; researcher §3, §5) and returns what to store: its
 * answers through the one form validator, the cohorts (SPARK only for research not related to
 * autism), an approved IRB on the project (Research Match still requires one, researcher §1) and
 * documents the filer uploaded for it.
 */
export function researchMatchRequestTypes(deps: {
  forms: FormsService;
  files: Pick<FilesService, 'uploadedBy'>;
  /** Called in the transaction that submits an application (the staff's summary starts). */
  submitted: RequestTypeHandler['submitted'];
}): [number, RequestTypeHandler][] {
  return [[RESEARCH_MATCH_TYPE, { resolve, submitted: deps.submitted }]];

  async function resolve(tx: DbOrTx, input: ResolveInput) {
    if (input.datasetIds.length > 0 || input.additionalData.sample_type != null)
      invalid({ non_field_errors: [REQUEST_MESSAGES.unsupportedType] });
    const answers = input.additionalData.rm_application;
    if (!answers || typeof answers !== 'object' || Array.isArray(answers))
      invalid({ rm_application: [RESEARCH_MATCH_MESSAGES.applicationRequired] });

    const found = await findProjectForRequest(tx, input.projectId);
    const irb = found?.irbData ?? null;
    const irbState = irbExpiryState(
      irb
        ? {
            designation: Number(irb.designation),
            renewal_date: typeof irb.renewal_date === 'string' ? irb.renewal_date : null,
          }
        : null,
    );
    if (irbState !== 'valid' && irbState !== 'near_expiry')
      invalid({ project: [RESEARCH_MATCH_MESSAGES.irbRequired] });

    const form = deps.forms.get(RESEARCH_MATCH_FORM_ID);
    const result = deps.forms.validate(RESEARCH_MATCH_FORM_ID, answers as Record<string, unknown>);
    const errors = fieldErrorsOf(result.errors);
    const cohorts = Array.isArray(result.values.cohort) ? result.values.cohort.map(String) : [];
    const allowed: readonly string[] = NON_AUTISM_RESEARCH_MATCH_COHORTS;
    if (input.nonAutism && cohorts.some((cohort) => !allowed.includes(cohort)))
      errors.cohort = [RESEARCH_MATCH_MESSAGES.cohortNonAutism];
    const documents = fileAnswers(form.fields, result.values);
    await checkOwnDocuments(tx, deps.files, documents, input, errors, RESEARCH_MATCH_MESSAGES.documentsOwn);
    if (Object.keys(errors).length > 0) invalid(errors);

    return resolved({
      cohortIds: await cohortIdsByName(tx, cohorts),
      displayName: RESEARCH_MATCH_DISPLAY_NAME,
      additionalData: { has_rm_flow: true, rm_application: result.values },
      documentIds: documents.map((entry) => entry.id),
    });
  }
}
