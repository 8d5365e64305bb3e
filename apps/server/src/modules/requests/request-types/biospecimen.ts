import {
  availabilityPasses,
  MAX_ID,
  normalizeRequestSampleIds,
  REQUEST_MESSAGES,
  SAMPLE_FORM_IDS,
  sampleAvailability,
  yes,
} from '@rrp/domain';
import { invalid, ValidationError } from '../../../platform/http/errors';
import type { FormsService } from '../../forms/forms.service';
import { relationsOf } from '../request-relations.repo';
import * as repo from '../request-write-checks.repo';
import {
  fieldErrorsOf,
  resolved,
  usageAnswersOf,
  type RequestTypeHandler,
} from '../../request-type-handlers/request-type-handlers.service';

/** `samples` as ids with amounts: `{id: amount}`, or a list / text of ids (amount 1 each). */
function sampleEntries(raw: unknown): { ids: string[]; amounts: Map<string, number>; badAmount: boolean } {
  const amounts = new Map<string, number>();
  let badAmount = false;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const [id] = normalizeRequestSampleIds(key);
      if (!id) continue;
      const amount = value === null || value === undefined || value === '' ? 1 : Number(value);
      if (!Number.isFinite(amount) || amount <= 0) badAmount = true;
      amounts.set(id, amount);
    }
  } else {
    for (const id of normalizeRequestSampleIds(raw)) amounts.set(id, 1);
  }
  return { ids: [...amounts.keys()], amounts, badAmount };
}

/**
 * Biospecimen requests (type 2; researcher §5): one sample type, its form, and sample ids that
 * validate.
 */
export function biospecimenRequests(forms: FormsService): RequestTypeHandler {
  return {
    /** An edit starts from the stored samples and sample type. */
    async storedAnswers(tx, request) {
      const relations = await relationsOf(tx, [request.id]);
      return {
        samples: Object.fromEntries(
          (relations.samples.get(request.id) ?? []).map((sample) => [sample.sampleId, sample.amount]),
        ),
        sample_type: request.sampleTypeId,
      };
    },

    async resolve(tx, input) {
      if (input.datasetIds.length > 0) invalid({ non_field_errors: [REQUEST_MESSAGES.unsupportedType] });
      const sampleTypeId = Number(input.additionalData.sample_type);
      if (!Number.isInteger(sampleTypeId) || sampleTypeId <= 0 || sampleTypeId > MAX_ID)
        invalid({ sample_type: [REQUEST_MESSAGES.chooseSampleType] });
      const found = await repo.findSampleType(tx, sampleTypeId);
      if (!found || !found.sampleType.available)
        invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });
      const { sampleType, cohortIds } = found!;
      if (sampleType.limited && !(await repo.mayRequestSampleType(tx, input.ownerId, sampleType.id))) {
        invalid({ sample_type: [REQUEST_MESSAGES.restrictedResource] });
      }
      if (input.nonAutism && cohortIds.length > 0)
        invalid({ sample_type: [REQUEST_MESSAGES.nonAutismCohort] });
      const formId = sampleType.type as (typeof SAMPLE_FORM_IDS)[number];
      if (!SAMPLE_FORM_IDS.includes(formId)) invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });

      const entries = sampleEntries(input.additionalData.samples);
      const answers = { ...input.additionalData, samples: entries.ids };
      const result = forms.validate(formId, answers);
      const errors = fieldErrorsOf(result.errors);
      if (errors.samples) errors.samples = [REQUEST_MESSAGES.samplesRequired];
      if (entries.badAmount) errors.samples = [REQUEST_MESSAGES.amount];
      if (Object.keys(errors).length > 0) invalid(errors);

      const generateIpscs = yes(input.additionalData.generate_ipscs);
      const stock = await repo.samplesWithCounts(tx, entries.ids, input.excludeRequestId);
      const availability = entries.ids.map((id) => ({
        id,
        availability: sampleAvailability(stock.get(id), {
          sampleTypeId: sampleType.id,
          sampleTypeCode: sampleType.type,
          generateIpscs,
        }),
      }));
      const failing = availability.filter((entry) => !availabilityPasses(entry.availability, generateIpscs));
      if (failing.length > 0) {
        throw new ValidationError({ samples: [REQUEST_MESSAGES.saveFailedIds] }, undefined, {
          invalid_samples: failing,
        });
      }
      const additionalData: Record<string, unknown> = { ...result.values };
      delete additionalData.samples;
      const usageAnswers = usageAnswersOf(input.additionalData.usage_answers);
      if (usageAnswers) additionalData.usage_answers = usageAnswers;
      else delete additionalData.usage_answers;
      return resolved({
        displayName: sampleType.name,
        cohortIds,
        sampleTypeId: sampleType.id,
        samples: entries.ids.map((id) => ({ id, amount: entries.amounts.get(id)! })),
        additionalData,
      });
    },
  };
}
