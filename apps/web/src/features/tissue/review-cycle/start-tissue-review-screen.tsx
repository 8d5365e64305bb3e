import { StartReviewScreen } from '@/components/review-cycle/start-review';
import { TISSUE_START } from './review-cycle-config';

/** /abn_tissue/start-review (staff §2.4, §4.3): the tissue network's Begin Review. */
export default function StartTissueReviewScreen() {
  return <StartReviewScreen config={TISSUE_START} />;
}
