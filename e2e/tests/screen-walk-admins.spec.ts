import { walk } from '../support/walk/walk';

// The screen walk of the administrator and the tissue network's project manager (issue 30).
// What each visit checks: support/walk/.
walk(import.meta.filename, ['portal_admin', 'abn_proj_mgr']);
