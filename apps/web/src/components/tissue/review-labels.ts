import type { TissueReviewComment, TissueReviewCriterion } from '@rrp/domain';

/** The review form's field names as reviewers read them (researcher §3 "Tissue review"). */
export const TISSUE_FIELD_LABELS: Record<TissueReviewCriterion | TissueReviewComment, string> = {
  importance: 'Importance',
  autism_understanding: 'Autism Understanding',
  novel: 'Novel',
  design: 'Design',
  alternatives: 'Alternatives',
  preliminary_data: 'Preliminary Data',
  expertise: 'Expertise',
  funding: 'Funding',
  missing_info: 'Missing Information',
  recommendation: 'Recommendation',
};
