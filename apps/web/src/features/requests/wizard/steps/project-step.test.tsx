import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectDto } from '@rrp/domain';
import { editableInWizard, ProjectStep } from './project-step';
import { projectChanges, projectFormErrors } from './editable-project';

const project = (over: Partial<ProjectDto> = {}): ProjectDto =>
  ({
    id: 4,
    portal_project_id: 'P00004',
    title: 'Sleep study',
    abstract: 'How sleep relates to sensory processing.',
    non_autism_research: false,
    public_title: null,
    public_abstract: null,
    owner: { id: 2, display_name: 'Pat Investigator' },
    institution: null,
    latest_irb: null,
    irb_state: 'None',
    irb_renewal_date: null,
    is_editable: true,
    display_name: 'Sleep study',
    creator: null,
    created: '2026-01-01T00:00:00Z',
    modified: '2026-01-01T00:00:00Z',
    permissions: ['read', 'update'],
    ...over,
  }) as ProjectDto;

function renderStep(projects: ProjectDto[], onContinue = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ProjectStep
          projects={projects}
          projectId={projects[0]!.id}
          staff={false}
          onSelect={() => {}}
          onAutismChange={() => {}}
          onContinue={onContinue}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onContinue;
}

describe('project step rules', () => {
  it('edits in place only what the caller may update and is not locked (admins: locked too)', () => {
    expect(editableInWizard(project(), false)).toBe(true);
    expect(editableInWizard(project({ is_editable: false }), false)).toBe(false);
    expect(editableInWizard(project({ is_editable: false }), true)).toBe(true);
    expect(editableInWizard(project({ permissions: ['read'] }), true)).toBe(false);
  });

  it('sends only the changes, with public texts that copy the scientific ones', () => {
    const p = project({ public_title: 'Sleep  study', public_abstract: 'A lay summary.' });
    expect(projectChanges(p, { title: 'Sleep study ', abstract: p.abstract })).toEqual({});
    expect(projectChanges(p, { title: 'Sleep and senses', abstract: 'New.' })).toEqual({
      title: 'Sleep and senses',
      public_title: 'Sleep and senses',
      abstract: 'New.',
    });
  });

  it("checks the form with the domain's messages", () => {
    expect(projectFormErrors({ title: ' ', abstract: 'x' })).toEqual({ title: 'Required field' });
    expect(projectFormErrors({ title: 'x'.repeat(301), abstract: 'x' }).title).toBe(
      'Ensure this field has no more than 300 characters.',
    );
  });
});

describe('ProjectStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a locked project read-only', () => {
    renderStep([project({ is_editable: false })]);
    expect(screen.getByText('This project is locked and shown read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Project title' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('saves an edited title through PATCH project on Continue, then goes on', async () => {
    const fetch = vi.fn(
      async (_url: string, init?: RequestInit) =>
        new Response(JSON.stringify({ ...project(), ...JSON.parse(String(init?.body ?? '{}')) }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const onContinue = renderStep([project()]);
    const title = screen.getByRole('textbox', { name: 'Project title' });
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Project' })).toBeDisabled();
    fireEvent.change(title, { target: { value: 'Sleep and senses' } });
    expect(screen.getByText('Your changes to the project are saved when you continue.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledOnce());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/project/4/');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'Sleep and senses' });
  });

  it('keeps the user on the step with the field errors of a refused save', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ non_field_errors: ['This project can no longer be edited.'] }), {
            status: 400,
          }),
      ),
    );
    const onContinue = renderStep([project()]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Abstract' }), { target: { value: 'Changed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This project can no longer be edited.');
    expect(onContinue).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Project title' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
  });
});
