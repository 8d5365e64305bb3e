import { RDA_FULLY_EXECUTED } from '../constants/statuses';

/**
 * The pending-team rule (staff §4.2 "Pending-team variant"): a request is approved only once
 * every principal investigator and co-investigator on its project's team is complete. Team
 * roles are 1-based indexes into RESEARCH_TEAM_ROLES: 1 Primary Researcher (the PI), 2
 * Co-Investigator (researcher §3).
 */
export const TEAM_GATE_ROLES: readonly number[] = [1, 2];

/** What the server knows about one current (not removed) team member. */
export interface TeamMemberFacts {
  /** The member's account; null when they have none yet. */
  user_id: number | null;
  display_name: string;
  user_role: number;
  /** The account exists and is active. */
  account_active: boolean;
  /** The project has a latest IRB that has not expired. */
  project_irb_valid: boolean;
  /** The RDA status of the member's institution; null without an institution or an RDA. */
  rda_status: number | null;
  /** When the member signed the joinder for that institution; null if unsigned. */
  joinder_date: string | null;
}

export const TEAM_GAP_REASONS = {
  irb: 'The project has no valid IRB',
  rda: "The institution's RDA is not fully executed",
  joinder: 'The joinder agreement is not signed',
  inactive: 'No active portal account',
} as const;

export interface TeamGap {
  user_id: number | null;
  display_name: string;
  reasons: string[];
}

/** Per principal or co-investigator member, what is missing; complete members are left out. */
export function teamGaps(members: readonly TeamMemberFacts[]): TeamGap[] {
  const gaps: TeamGap[] = [];
  for (const member of members) {
    if (!TEAM_GATE_ROLES.includes(member.user_role)) continue;
    const reasons: string[] = [];
    if (!member.project_irb_valid) reasons.push(TEAM_GAP_REASONS.irb);
    if (member.rda_status !== RDA_FULLY_EXECUTED) reasons.push(TEAM_GAP_REASONS.rda);
    if (!member.joinder_date) reasons.push(TEAM_GAP_REASONS.joinder);
    if (member.user_id === null || !member.account_active) reasons.push(TEAM_GAP_REASONS.inactive);
    if (reasons.length > 0)
      gaps.push({ user_id: member.user_id, display_name: member.display_name, reasons });
  }
  return gaps;
}

/** `{ complete, missing }` as the decisions endpoint answers it. */
export function teamState(members: readonly TeamMemberFacts[]): { complete: boolean; missing: TeamGap[] } {
  const missing = teamGaps(members);
  return { complete: missing.length === 0, missing };
}
