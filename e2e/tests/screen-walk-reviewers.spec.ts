import { walk } from '../support/walk/walk';

// The screen walk of signing officials, reviewers and the Research Match administrator (issue 30).
// What each visit checks: support/walk/.
walk(import.meta.filename, [
  'sbso',
  'meadowbrook.official',
  'pi_sbso',
  'internal_reviewer',
  'external_reviewer',
  'abn_reviewer',
  'portal_reviewer',
  'rm_admin',
]);
