import { walk } from '../support/walk/walk';

// The screen walk of visitors, researchers (the demo one and the named ones who own tissue and
// Research Match work) and a superuser acting as a researcher. What each visit checks: support/walk/.
walk(import.meta.filename, [
  'visitor',
  'primary_researcher',
  'tissue.applicant',
  'tissue.orderer',
  'recontact.researcher',
  'tissue.researcher',
  'coinvestigator',
  'superuser as primary_researcher',
]);
