/**
 * What other modules call when a pending-team gap may have closed (a joinder signed, an RDA
 * fully executed, an IRB uploaded, a team changed): Approved (Pending Team) requests whose team
 * is now complete become Approved, in the caller's transaction (staff §4.2).
 */
export { promotePendingTeams } from './requests.workflow';
