import { REQUEST_TYPE } from './statuses';

/**
 * Research Match constants (staff §3 review, §4.2, §5, §9; researcher §3): the scoring criteria,
 * reviewer roles, the reviewers' recommended decisions and build merit answers.
 */

/** The six criteria a reviewer scores, each an integer 1 to 5 with strengths and weaknesses. */
export const RESEARCH_MATCH_CRITERIA = [
  'research',
  'engagement',
  'feasibility',
  'alignment',
  'scientific',
  'community',
] as const;
export type ResearchMatchCriterion = (typeof RESEARCH_MATCH_CRITERIA)[number];
export const RESEARCH_MATCH_SCORE_MIN = 1;
export const RESEARCH_MATCH_SCORE_MAX = 5;

/** Reviewer roles on an assignment (staff §3 review.reviewer_role; foundation §9 reviewer types). */
export const REVIEWER_ROLE = { primary: 1, secondary: 2, other: 3 } as const;
export type ReviewerRoleId = (typeof REVIEWER_ROLE)[keyof typeof REVIEWER_ROLE];

/** The reviewers' recommended decisions (staff §4.2). */
export const REVIEWER_DECISIONS = ['Approve', 'Conditionally Approve', 'Defer', 'Reject'] as const;
export const BUILD_MERIT_ANSWERS = ['Yes', 'No', 'Not Applicable'] as const;

/** Research Match applications and their renewals (request types 4 and 5). */
export const RESEARCH_MATCH_TYPE = REQUEST_TYPE.researchMatch;
export const RESEARCH_MATCH_RENEWAL_REQUEST_TYPE = REQUEST_TYPE.researchMatchRenewal;

/** Research Match IRB status choices (researcher §3): 1 fully approved, 2 partially approved. */
export const RM_IRB_STATUSES = { 1: 'Fully approved', 2: 'Partially approved' } as const;

/** The cohorts participants are recruited from (issue 17; researcher §5: SPARK only for non-autism research). */
export const RESEARCH_MATCH_COHORTS = ['SPARK', 'SSC'] as const;
export const NON_AUTISM_RESEARCH_MATCH_COHORTS = ['SPARK'] as const;

/** Keywords of an application or summary: up to 3 (staff §5, researcher §5). */
export const MAX_KEYWORDS = 3;
