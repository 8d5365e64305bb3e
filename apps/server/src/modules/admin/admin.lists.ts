import type { ListSpec } from '../../platform/list';
import { featureToggles, metaData } from '../../db/schema';

export const featureToggleList: ListSpec = {
  id: featureToggles.id,
  filters: {
    enabled: { type: 'bool', column: featureToggles.enabled },
    feature_code: { type: 'text', column: featureToggles.featureCode },
  },
  ordering: { id: featureToggles.id, feature_code: featureToggles.featureCode },
  defaultOrdering: ['feature_code'],
};

export const metaDataList: ListSpec = {
  id: metaData.id,
  filters: { enabled: { type: 'bool', column: metaData.enabled } },
  ordering: { id: metaData.id },
  defaultOrdering: ['-id'],
};
