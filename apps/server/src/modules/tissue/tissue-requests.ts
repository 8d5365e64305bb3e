import {
  CART_MESSAGES,
  TISSUE_NETWORK_TYPES,
  REQUEST_MESSAGES,
  RESEARCH_MATCH_MESSAGES,
  RESOURCE_MIX_MESSAGES,
  TISSUE_FORM_IDS,
  TISSUE_REQUEST_TYPE,
  TISSUE_RESOURCE_NAMES,
} from '@rrp/domain';
import { fileAnswers } from '@rrp/domain/forms';
import { RESOURCE_DISABLED_REASONS } from '@rrp/domain/resource-access';
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
import { cartOfRequest } from './carts.repo';
import type { CartsService } from './carts.service';
import { abnApprovedOf } from './tissue-access.service';
import { dataAccessUnderReview } from './tissue-requests.repo';

/** The brain-tissue network's requests are filed only while the abn_epic flag is on (researcher §5). */
const ABN_FEATURE = 'abn_epic';

const isCartType = (type: number) =>
  type === TISSUE_REQUEST_TYPE.pilot || type === TISSUE_REQUEST_TYPE.tissue;

/**
 * Checks a request to the brain-tissue network (types 6, 7, 8; researcher §3, §5; decision 235)
 * and returns what to store: the ABN security form ('Acknowledge') for data access, which a PI
 * files once at a time and not once approved; the tissue form and a collection of theirs, not
 * used by another request, for pilot tissue and tissue requests, which wait for approved data
 * access. No other resource rides along (not mixable).
 */
export function tissueRequestTypes(deps: {
  forms: FormsService;
  files: Pick<FilesService, 'uploadedBy'>;
  carts: Pick<CartsService['forRequests'], 'refusal'>;
}): [number, RequestTypeHandler][] {
  const handler: RequestTypeHandler = {
    feature: ABN_FEATURE,
    resolve,
    /** An edit starts from the collection tied to the request. */
    async storedAnswers(tx, request) {
      const cart = await cartOfRequest(tx, request.id);
      return cart ? { cart: cart.id } : {};
    },
  };
  return TISSUE_NETWORK_TYPES.map((type) => [type, handler]);

  async function resolve(tx: DbOrTx, input: ResolveInput) {
    const requestId = input.excludeRequestId ?? null;
    const type = input.type as 6 | 7 | 8;
    const { additionalData } = input;
    if (
      input.datasetIds.length > 0 ||
      additionalData.sample_type != null ||
      additionalData.rm_application != null
    )
      invalid({ non_field_errors: [RESOURCE_MIX_MESSAGES.abn] });
    if (input.nonAutism) invalid({ project: [REQUEST_MESSAGES.nonAutismCohort] });

    if (input.checkApproved) {
      const approved = await abnApprovedOf(tx, input.ownerId);
      const underReview = await dataAccessUnderReview(tx, input.ownerId, requestId);
      if (type === TISSUE_REQUEST_TYPE.dataAccess) {
        if (approved)
          invalid({ non_field_errors: [REQUEST_MESSAGES.alreadyApproved([TISSUE_RESOURCE_NAMES[6]])] });
        if (underReview) invalid({ non_field_errors: [RESOURCE_DISABLED_REASONS.abnUnderReview] });
      } else if (!approved) {
        invalid({
          non_field_errors: [
            underReview ? RESOURCE_DISABLED_REASONS.abnUnderReview : RESOURCE_DISABLED_REASONS.abnMustApply,
          ],
        });
      }
    }

    const formId = TISSUE_FORM_IDS[type];
    const { cart, usage_answers: usageAnswers, ...answers } = additionalData;
    const form = deps.forms.get(formId);
    const result = deps.forms.validate(formId, answers);
    const errors = fieldErrorsOf(result.errors);
    const documents = fileAnswers(form.fields, result.values);
    if (documents.length > 0)
      await checkOwnDocuments(tx, deps.files, documents, input, errors, RESEARCH_MATCH_MESSAGES.documentsOwn);

    let cartId: number | null = null;
    if (isCartType(type)) {
      const given = Number(cart);
      if (cart == null || cart === '' || !Number.isInteger(given) || given <= 0)
        errors.cart = [CART_MESSAGES.required];
      else {
        const refusal = await deps.carts.refusal(tx, input.actor, {
          cartId: given,
          ownerId: input.ownerId,
          typeId: type,
          requestId,
        });
        if (refusal) errors.cart = [refusal];
        else cartId = given;
      }
    }
    if (Object.keys(errors).length > 0) invalid(errors);

    return resolved({
      cohortIds: await cohortIdsByName(tx, ['ABN']),
      displayName: TISSUE_RESOURCE_NAMES[type],
      additionalData: {
        ...result.values,
        ...(Array.isArray(usageAnswers) ? { usage_answers: usageAnswers } : {}),
      },
      documentIds: documents.map((entry) => entry.id),
      cartId,
    });
  }
}
