import { Page } from '@/components/page';
import { TermsText } from '@/components/terms-text';

/** The terms of use, with the privacy and cookie sections the footer links to. */
export default function TermsScreen() {
  return (
    <Page title="Terms and Conditions">
      <TermsText />
    </Page>
  );
}
