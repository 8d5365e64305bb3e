import type { FormSchema } from '../form-schema';
import abnSecurity from './abn_security.json';
import abnTissue from './abn_tissue.json';
import datasetSecurity from './dataset_security.json';
import dna from './dna.json';
import fibroblast from './fibroblast.json';
import globusAccount from './globus_account.json';
import gpfAccess from './gpf_access.json';
import ipsc from './ipsc.json';
import lcl from './lcl.json';
import lclDna from './lcl_dna.json';
import plasma from './plasma.json';
import researchMatchApplication from './research_match_application.json';
import researchMatchRenewal from './research_match_renewal.json';
import resourceImpact from './resource_impact.json';

/**
 * The form documents as checked in, unparsed: the server checks each against the form schema at
 * start-up (and a unit test does too), then serves it at `/forms/{id}.json`.
 */
export const FORM_DOCUMENTS: readonly unknown[] = [
  datasetSecurity,
  gpfAccess,
  globusAccount,
  abnSecurity,
  abnTissue,
  ipsc,
  plasma,
  fibroblast,
  lcl,
  dna,
  lclDna,
  researchMatchApplication,
  researchMatchRenewal,
  resourceImpact,
];

export type { FormSchema };
