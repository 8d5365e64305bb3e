export const COHORTS = ['SSC', 'SPARK', 'Simons Searchlight', 'AIC', 'ABN'] as const;

/** Resource kinds (foundation §9); dataset type ids 1–3 are the first three (staff §9). */
export const RESOURCE_KINDS = {
  1: 'Phenotype Data',
  2: 'Genetic Data',
  3: 'Imaging/EEG Data',
  4: 'Other Resources',
} as const;

/** Resource sources; origin ids 1–3 are Simons Foundation, Curated, External (staff §9). */
export const RESOURCE_SOURCES = {
  0: 'None',
  1: 'Simons Foundation',
  2: 'Curated',
  3: 'External',
} as const;

export const RESEARCH_TEAM_ROLES = [
  'Primary Researcher',
  'Co-Investigator',
  'Collaborator',
  'Postdoctoral Researcher',
  'Laboratory Manager',
  'Project Manager',
  'Biostatistician',
  'Student',
] as const;

export const SHIPPING_VENDORS = ['None', 'USPS', 'UPS', 'FedEx', 'DHL', 'World Courier'] as const;

export const FEATURE_TOGGLES = ['abn_epic', 'biospecimen_epic'] as const;
export type FeatureCode = (typeof FEATURE_TOGGLES)[number];

export const HEALTH_CHECKED_SERVICES = ['GLOBUS', 'ABN', 'BINS', 'ZENDESK_API', 'GPF'] as const;
export type HealthCheckedService = (typeof HEALTH_CHECKED_SERVICES)[number];
