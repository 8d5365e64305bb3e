import { REQUEST_TYPE } from '@rrp/domain';
import type { FormsService } from '../../forms/forms.service';
import { biospecimenRequests } from './biospecimen';
import { datasetRequests } from './dataset';
import type { RequestTypeHandler } from '../../request-type-handlers/request-type-handlers.service';

/**
 * The request types the wizard files (issues 7, 17 and 18), each with its handler: datasets and
 * biospecimens here, the others from the modules that own them (Research Match, the tissue
 * network), given at wiring; the types without a handler come with their own work and are refused.
 */
export function requestTypeHandlers(
  forms: FormsService,
  others: Iterable<readonly [number, RequestTypeHandler]>,
): ReadonlyMap<number, RequestTypeHandler> {
  return new Map([
    [REQUEST_TYPE.dataset, datasetRequests(forms)],
    [REQUEST_TYPE.biospecimen, biospecimenRequests(forms)],
    ...others,
  ]);
}
