import { walk } from '../support/walk/walk';

// The screen walk of the other staff roles and of the role switcher (issue 30).
// What each visit checks: support/walk/.
walk(import.meta.filename, [
  'portal_admin_lead',
  'access_admin',
  'internal_read_only',
  'superuser',
  'staff as superuser',
]);
