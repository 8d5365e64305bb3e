import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FormSchema } from '@rrp/domain/forms';
import { ReviewStep } from './review-step';

const form: FormSchema = {
  id: 'research_match_application',
  title: 'Research Match application',
  fields: [
    { type: 'text', key: 'study_title', label: 'Study title' },
    { type: 'file', key: 'proposal_summary', label: 'Proposal summary' },
    { type: 'file', key: 'consent_forms', label: 'Consent forms', multiple: true },
    { type: 'file', key: 'nih_biosketch', label: 'NIH biosketch' },
  ],
};

function renderReview(values: Record<string, unknown>) {
  // A continued draft names uploads already stored: the file list gives their names.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 31, name: 'Biosketch 2026.pdf', file_type: 'application/pdf' }],
      }),
    ),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ReviewStep
          project={null}
          piName="Pat Investigator"
          selection={[]}
          members={[]}
          submitting={false}
          errors={[]}
          generalError={null}
          onEdit={() => {}}
          onSubmit={() => {}}
          forms={[form]}
          details={{ [form.id]: values }}
          intentToDownload={null}
          usage={null}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the review step’s documents (issue 30 item 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the files chosen on the form, and the stored ones of a continued draft', async () => {
    renderReview({
      study_title: 'Sleep',
      proposal_summary: new File(['%PDF'], 'Summary.pdf', { type: 'application/pdf' }),
      consent_forms: [new File(['a'], 'Consent A.pdf'), new File(['b'], 'Consent B.pdf')],
      nih_biosketch: 31,
    });
    const details = screen.getByRole('region', { name: 'Resource Details' });
    expect(within(details).getByText('Proposal summary:').parentElement).toHaveTextContent(
      'Proposal summary: Summary.pdf',
    );
    expect(within(details).getByText('Consent forms:').parentElement).toHaveTextContent(
      'Consent forms: Consent A.pdf, Consent B.pdf',
    );
    expect(await within(details).findByText(/Biosketch 2026\.pdf/)).toBeInTheDocument();
  });
});
