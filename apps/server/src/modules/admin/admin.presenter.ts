import type { FeatureToggleDto, MetaDataDto } from '@rrp/domain';
import type { featureToggles, metaData } from '../../db/schema';

export const presentFeatureToggle = (row: typeof featureToggles.$inferSelect): FeatureToggleDto => ({
  id: row.id,
  feature_code: row.featureCode,
  enabled: row.enabled,
});

export const presentMetaData = (row: typeof metaData.$inferSelect): MetaDataDto => ({
  id: row.id,
  version: row.version,
  enabled: row.enabled,
});
