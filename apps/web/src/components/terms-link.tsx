import { Anchor } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TermsText } from './terms-text';

/** 'Terms and Conditions' that opens the terms in a modal, so the form being filled stays as it is. */
export function TermsLink() {
  return (
    <Anchor
      component="button"
      type="button"
      inherit
      onClick={(event) => {
        // Inside a checkbox label: read the terms without ticking the box.
        event.preventDefault();
        modals.open({ title: 'Terms and Conditions', size: 'xl', children: <TermsText /> });
      }}
    >
      Terms and Conditions
    </Anchor>
  );
}
