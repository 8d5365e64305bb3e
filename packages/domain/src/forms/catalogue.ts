/** The forms the product ships, by group, for the form tester and the request work (decision 050). */
export const FORM_CATALOGUE = [
  { id: 'dataset_security', title: 'Data Security', group: 'Datasets' },
  { id: 'gpf_access', title: 'GPF Access', group: 'Datasets' },
  { id: 'globus_account', title: 'Globus Account', group: 'Datasets' },
  { id: 'abn_security', title: 'Autism BrainNet Data Security', group: 'Autism BrainNet' },
  { id: 'abn_tissue', title: 'Autism BrainNet Tissue Request', group: 'Autism BrainNet' },
  { id: 'ipsc', title: 'iPSC Request', group: 'Biospecimens' },
  { id: 'plasma', title: 'Plasma Request', group: 'Biospecimens' },
  { id: 'fibroblast', title: 'Fibroblast Request', group: 'Biospecimens' },
  { id: 'lcl', title: 'LCL Request', group: 'Biospecimens' },
  { id: 'dna', title: 'DNA Request', group: 'Biospecimens' },
  { id: 'lcl_dna', title: 'LCL DNA Request', group: 'Biospecimens' },
  { id: 'research_match_application', title: 'Research Match Application', group: 'Research Match' },
  { id: 'research_match_renewal', title: 'Research Match Renewal', group: 'Research Match' },
  { id: 'resource_impact', title: 'Resource Impact', group: 'Renewals' },
] as const;

export type FormId = (typeof FORM_CATALOGUE)[number]['id'];

/** The remote option lists a combobox may name (`GET /api/response-selection/?table=`). */
export const RESPONSE_SELECTION_TABLES = ['research_team_roles', 'shipping_vendors', 'cohorts'] as const;
export type ResponseSelectionTable = (typeof RESPONSE_SELECTION_TABLES)[number];
