import { RESEARCH_MATCH_TYPE, TISSUE_NETWORK_TYPES, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../../platform/db/database';
import type { FilesService } from '../../files/files.service';
import type { FormsService } from '../../forms/forms.service';
import { biospecimenRequests } from './biospecimen';
import { datasetRequests } from './dataset';
import type { RequestTypeHandler } from './request-type';
import { researchMatchApplications } from './research-match';
import { tissueRequests, type TissueCollections } from './tissue';

const DATASET_TYPE = 1;
const BIOSPECIMEN_TYPE = 2;

/**
 * The request types the wizard files (issues 7, 17 and 18), each with its handler; the other
 * types come with their own work and are refused.
 */
export function requestTypeHandlers(deps: {
  forms: FormsService;
  files: Pick<FilesService, 'uploadedBy'>;
  carts: TissueCollections;
  onResearchMatchSubmitted: (tx: DbOrTx, requestId: number, by: Actor) => Promise<void>;
}): ReadonlyMap<number, RequestTypeHandler> {
  const tissue = tissueRequests(deps);
  return new Map([
    [DATASET_TYPE, datasetRequests(deps.forms)],
    [BIOSPECIMEN_TYPE, biospecimenRequests(deps.forms)],
    [RESEARCH_MATCH_TYPE, researchMatchApplications({ ...deps, submitted: deps.onResearchMatchSubmitted })],
    ...TISSUE_NETWORK_TYPES.map((type) => [type, tissue] as const),
  ]);
}
