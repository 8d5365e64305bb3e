import { StartReviewScreen } from '@/components/review-cycle/start-review';
import { RESEARCH_MATCH_START } from './review-cycle-config';

/** /research-match-review/start-review (staff §2.4, §4.3): Research Match's Begin Review. */
export default function ResearchMatchStartReviewScreen() {
  return <StartReviewScreen config={RESEARCH_MATCH_START} />;
}
