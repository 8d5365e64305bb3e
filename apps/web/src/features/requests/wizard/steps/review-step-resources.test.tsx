import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { researchMatchResource, type Resource } from '../rules';
import { ReviewStep } from './review-step';
import { SelectedResources } from './selected-resources';

const plasma: Resource = {
  ...researchMatchResource(),
  key: 'plasma',
  kind: 'sample',
  id: 4,
  name: 'Plasma',
  group: 'Biospecimens',
  cohort: 'SPARK',
};

function renderWith(children: React.ReactNode) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the chosen resources, named once (issue 30 item 9)', () => {
  it('on the review step: Research Match is its own group, other resources name group and cohort', () => {
    renderWith(
      <ReviewStep
        project={null}
        piName="Pat Investigator"
        selection={[researchMatchResource(), plasma]}
        members={[]}
        submitting={false}
        errors={[]}
        generalError={null}
        onEdit={() => {}}
        onSubmit={() => {}}
        forms={[]}
        details={{}}
        intentToDownload={null}
        usage={null}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Resource(s)' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Research Match', 'Plasma (Biospecimens, SPARK)']);
  });

  it('in the selection panel', () => {
    renderWith(
      <SelectedResources selection={[researchMatchResource()]} onRemove={() => {}} onContinue={() => {}} />,
    );
    expect(screen.getAllByText('Research Match')).toHaveLength(1);
  });
});
