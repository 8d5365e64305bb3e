import RequestWizardScreen from './request-wizard-screen';
import { type WizardEntry } from './entry';

const RESEARCH_MATCH: WizardEntry = { resource: 'research-match' };

/**
 * /research-match/create (foundation §2): the request wizard with Research Match chosen, so an
 * application starts from its own entry rather than the last card of the resource picker.
 */
export default function ResearchMatchCreateScreen() {
  return <RequestWizardScreen entry={RESEARCH_MATCH} />;
}
