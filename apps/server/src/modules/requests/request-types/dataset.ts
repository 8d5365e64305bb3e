import { REQUEST_MESSAGES } from '@rrp/domain';
import { invalid, type FieldErrors } from '../../../platform/http/errors';
import type { FormsService } from '../../forms/forms.service';
import { accessTypesOf } from '../requests.presenter';
import * as repo from '../request-write-checks.repo';
import {
  fieldErrorsOf,
  resolved,
  usageAnswersOf,
  type RequestTypeHandler,
} from '../../request-type-handlers/request-type-handlers.service';

/**
 * Dataset requests (type 1; researcher §5): available datasets the owner may ask for, not held
 * already, and the dataset forms their access channels need.
 */
export function datasetRequests(forms: FormsService): RequestTypeHandler {
  return {
    datasetTerms: true,
    async resolve(tx, input) {
      if (input.datasetIds.length === 0) invalid({ datasets: [REQUEST_MESSAGES.chooseDataset] });
      if (input.additionalData.sample_type != null)
        invalid({ non_field_errors: [REQUEST_MESSAGES.unsupportedType] });
      const rows = await repo.datasetsByIds(tx, input.datasetIds);
      if (rows.length !== new Set(input.datasetIds).size || rows.some((row) => !row.dataset.available)) {
        invalid({ datasets: [REQUEST_MESSAGES.unknownDataset] });
      }
      const restricted = rows.filter((row) => row.dataset.limited).map((row) => row.dataset.id);
      const allowed = await repo.allowedDatasetIds(tx, input.ownerId, restricted);
      if (restricted.some((id) => !allowed.has(id)))
        invalid({ datasets: [REQUEST_MESSAGES.restrictedResource] });
      if (input.nonAutism && rows.some((row) => row.dataset.cohortId !== null)) {
        invalid({ datasets: [REQUEST_MESSAGES.nonAutismCohort] });
      }
      if (input.checkApproved) {
        const approved = await repo.approvedDatasetIds(tx, input.ownerId, input.datasetIds);
        const names = rows
          .filter((row) => approved.has(row.dataset.datasetId))
          .map((row) => row.dataset.name);
        if (names.length > 0) invalid({ datasets: [REQUEST_MESSAGES.alreadyApproved(names)] });
      }

      // The dataset forms (researcher §3 "Other forms"), through the one validator.
      const security = forms.validate('dataset_security', {
        agreed_nih: input.agreedNih ? [true] : [],
        data_safeguard: input.dataSafeguard ? [true] : [],
      });
      const errors: FieldErrors = fieldErrorsOf(security.errors);
      const channels = new Set(rows.flatMap((row) => accessTypesOf(row.dataset)));
      let gpfAccessStatus: number | null = null;
      if (channels.has('GPF')) {
        const gpf = forms.validate('gpf_access', { gpf_access_status: input.gpfAccessStatus });
        Object.assign(errors, fieldErrorsOf(gpf.errors));
        gpfAccessStatus = (gpf.values.gpf_access_status as number | undefined) ?? null;
      }
      const additionalData: Record<string, unknown> = {};
      const answers = usageAnswersOf(input.additionalData.usage_answers);
      if (answers) additionalData.usage_answers = answers;
      // A cloud-transfer username for the two cloud access types (researcher §5 "Resource details").
      if (input.intentToDownload && (channels.has('Globus') || channels.has('AWS'))) {
        const globus = forms.validate('globus_account', {
          globus_username: input.additionalData.globus_username,
        });
        Object.assign(errors, fieldErrorsOf(globus.errors));
        additionalData.globus_username = globus.values.globus_username ?? null;
      }
      if (Object.keys(errors).length > 0) invalid(errors);
      const cohortIds = [
        ...new Set(rows.flatMap((row) => (row.dataset.cohortId ? [row.dataset.cohortId] : []))),
      ];
      const ordered = input.datasetIds.map((id) => rows.find((row) => row.dataset.id === id)!);
      return resolved({
        displayName: ordered.map((row) => row.dataset.name).join(', '),
        cohortIds,
        datasetIds: [...new Set(input.datasetIds)],
        additionalData,
        gpfAccessStatus,
      });
    },
  };
}
