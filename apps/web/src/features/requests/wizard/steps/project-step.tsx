import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ABSTRACT_MAX,
  AUTISM_QUESTION,
  PROJECT_MESSAGES,
  TITLE_MAX,
  updateProjectSchema,
  type ProjectDto,
} from '@rrp/domain';
import { ERROR_CONTRAST } from '@/components/research-team';
import { ApiError, apiFetch } from '@/lib/api-client';
import { updateProject, type ProjectChanges } from '../api';

export const CREATE_PROJECT = 'create';

/** Mantine's dimmed description is too faint for WCAG AA. */

interface PiOption {
  id: number;
  full_name: string;
  email: string;
}

function usePrimaryResearchers(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'primary_researcher', 'wizard'],
    enabled,
    queryFn: () =>
      apiFetch<{ results: PiOption[] }>('user/', {
        query: { groups__name: 'primary_researcher', ordering: 'last_name', limit: 1000 },
      }),
  });
}

/** The inline 'Create project' form: title, abstract, the autism answer, and the PI for admins. */
function CreateProjectForm({
  staff,
  onCreated,
  onAutismChange,
}: {
  staff: boolean;
  onCreated: (project: ProjectDto) => void;
  onAutismChange: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ title: '', abstract: '', autism: '', owner: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const pis = usePrimaryResearchers(staff);
  const set = (key: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const create = async () => {
    const found: Record<string, string> = {};
    if (!values.title.trim()) found.title = PROJECT_MESSAGES.requiredField;
    if (!values.abstract.trim()) found.abstract = PROJECT_MESSAGES.requiredField;
    if (!values.autism) found.non_autism_research = PROJECT_MESSAGES.requiredField;
    if (staff && !values.owner) found.owner = 'Please choose the Principal Investigator.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const project = await apiFetch<ProjectDto>('project/', {
        method: 'POST',
        body: {
          title: values.title,
          abstract: values.abstract,
          non_autism_research: values.autism === 'no',
          ...(staff ? { owner: Number(values.owner) } : {}),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      onCreated(project);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = error.fieldErrors;
        setErrors(Object.keys(fields).length ? fields : { non_field_errors: error.summary });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          New Project
        </Title>
        {staff && (
          <Select
            label="Principal Investigator"
            required
            searchable
            data={(pis.data?.results ?? []).map((user) => ({
              value: String(user.id),
              label: `${user.full_name} (${user.email})`,
            }))}
            value={values.owner || null}
            onChange={(value) => set('owner', value ?? '')}
            error={errors.owner}
          />
        )}
        <TextInput
          label="Project title"
          required
          maxLength={300}
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label="Abstract"
          required
          rows={11}
          value={values.abstract}
          onChange={(event) => set('abstract', event.currentTarget.value)}
          error={errors.abstract}
        />
        <Radio.Group
          label={AUTISM_QUESTION}
          required
          value={values.autism}
          onChange={(value) => {
            set('autism', value);
            // Changing the autism-related answer clears the selected resources.
            onAutismChange();
          }}
          error={errors.non_autism_research}
        >
          <Group mt="xs">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        {errors.non_field_errors && (
          <Alert color="red" role="alert">
            {errors.non_field_errors}
          </Alert>
        )}
        <Group>
          <Button onClick={create} loading={saving}>
            Create Project
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The IRB details of a project, as one line. */
function IrbLine({ project }: { project: ProjectDto }) {
  const irb = typeof project.latest_irb === 'object' ? project.latest_irb : null;
  return (
    <Text size="sm">
      <strong>IRB:</strong>{' '}
      {irb
        ? [
            irb.designation === 2 ? 'Exempt or not required' : 'Approved',
            irb.approval_date && `approved ${irb.approval_date}`,
            irb.renewal_date && `renewal date ${irb.renewal_date}`,
            irb.assurance_number && `assurance number ${irb.assurance_number}`,
          ]
            .filter(Boolean)
            .join(', ')
        : 'No IRB on file'}
    </Text>
  );
}

const sameText = (a: string | null, b: string) => (a ?? '').replace(/\s+/g, '') === b.replace(/\s+/g, '');

/**
 * What a PATCH project/{id}/ sends: only the fields that changed (researcher §7). A public title or
 * abstract stored as a copy of the scientific one follows it (researcher §5 "use existing").
 */
export function projectChanges(
  project: Pick<ProjectDto, 'title' | 'abstract' | 'public_title' | 'public_abstract'>,
  values: { title: string; abstract: string },
): ProjectChanges {
  const changes: ProjectChanges = {};
  if (values.title.trim() !== project.title) {
    changes.title = values.title;
    if (project.public_title && sameText(project.public_title, project.title))
      changes.public_title = values.title;
  }
  if (values.abstract.trim() !== project.abstract) {
    changes.abstract = values.abstract;
    if (project.public_abstract && sameText(project.public_abstract, project.abstract))
      changes.public_abstract = values.abstract;
  }
  return changes;
}

/** Field errors of the inline project form, by the domain's project schema. */
export function projectFormErrors(values: { title: string; abstract: string }): Record<string, string> {
  const parsed = updateProjectSchema.safeParse({ title: values.title, abstract: values.abstract });
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * An editable (unlocked) project, edited in place: title and abstract are saved through PATCH
 * project/{id}/ (only what changed) when the user saves or continues; the autism-related answer is
 * shown but fixed once the project exists (researcher §4).
 */
function EditableProject({ project, onContinue }: { project: ProjectDto; onContinue: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ title: project.title, abstract: project.abstract });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const owner = typeof project.owner === 'object' ? project.owner : null;
  const changes = projectChanges(project, values);
  const dirty = Object.keys(changes).length > 0;
  const set = (key: 'title' | 'abstract', value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, non_field_errors: _general, ...rest }) => rest);
    setSaved(false);
  };

  /** Saves what changed; answers whether the wizard may go on. */
  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    const found = projectFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setSaving(true);
    try {
      await updateProject(project.id, changes);
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      setSaved(true);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = error.fieldErrors;
        setErrors(Object.keys(fields).length ? fields : { non_field_errors: error.summary });
      } else setErrors({ non_field_errors: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Paper
        withBorder
        p="md"
        radius="sm"
        component="section"
        aria-labelledby="wizard-project-edit"
        style={ERROR_CONTRAST}
      >
        <Stack gap="sm">
          <Title order={3} fz="lg" id="wizard-project-edit">
            Edit Project
          </Title>
          {owner && (
            <Text size="sm">
              <strong>Principal Investigator:</strong> {owner.display_name}
            </Text>
          )}
          <TextInput
            label="Project title"
            required
            maxLength={TITLE_MAX}
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
          />
          <Textarea
            label="Abstract"
            required
            rows={11}
            maxLength={ABSTRACT_MAX}
            value={values.abstract}
            onChange={(event) => set('abstract', event.currentTarget.value)}
            error={errors.abstract}
          />
          <Radio.Group
            label={AUTISM_QUESTION}
            description={PROJECT_MESSAGES.nonAutismFixed}
            value={project.non_autism_research ? 'no' : 'yes'}
            error={errors.non_autism_research}
          >
            <Group mt="xs">
              <Radio value="yes" label="Yes" disabled />
              <Radio value="no" label="No" disabled />
            </Group>
          </Radio.Group>
          <IrbLine project={project} />
          {errors.non_field_errors && (
            <Alert color="red" role="alert">
              {errors.non_field_errors}
            </Alert>
          )}
          {saved && !dirty && (
            <Text size="sm" c="green.9" role="status">
              Project saved.
            </Text>
          )}
          <Group>
            <Button variant="light" onClick={() => void save()} disabled={!dirty} loading={saving}>
              Save Project
            </Button>
            {dirty && (
              <Button
                variant="default"
                onClick={() => {
                  setValues({ title: project.title, abstract: project.abstract });
                  setErrors({});
                }}
                disabled={saving}
              >
                Discard changes
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Group>
        <Button
          onClick={() => void save().then((ok) => ok && onContinue())}
          loading={saving}
          aria-describedby={dirty ? 'wizard-project-unsaved' : undefined}
        >
          Continue
        </Button>
        {dirty && (
          <Text size="sm" c="gray.7" id="wizard-project-unsaved">
            Your changes to the project are saved when you continue.
          </Text>
        )}
      </Group>
    </>
  );
}

/** A chosen project's summary: abstract, the autism-related note and the IRB details. */
function ProjectSummary({ project }: { project: ProjectDto }) {
  const owner = typeof project.owner === 'object' ? project.owner : null;
  return (
    <Paper withBorder p="md" radius="sm" aria-labelledby="wizard-project-title">
      <Stack gap="xs">
        <Title order={3} fz="lg" id="wizard-project-title">
          {project.title}
        </Title>
        {!project.is_editable && (
          <Text size="sm" c="gray.7">
            This project is locked and shown read-only.
          </Text>
        )}
        {owner && (
          <Text size="sm">
            <strong>Principal Investigator:</strong> {owner.display_name}
          </Text>
        )}
        <Text size="sm" fw={600}>
          Abstract
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {project.abstract}
        </Text>
        <Text size="sm">
          <strong>{AUTISM_QUESTION}</strong>{' '}
          {project.non_autism_research
            ? 'No. Only resources without a cohort can be requested for it.'
            : 'Yes'}
        </Text>
        <IrbLine project={project} />
      </Stack>
    </Paper>
  );
}

/**
 * Whether the wizard edits a project in place: the caller may update it (its `permissions`) and it
 * is not locked, or the caller may edit any project (administrators; researcher §4).
 */
export const editableInWizard = (
  project: Pick<ProjectDto, 'permissions' | 'is_editable'>,
  overridesLock: boolean,
) => project.permissions.includes('update') && (project.is_editable || overridesLock);

export function ProjectStep({
  projects,
  projectId,
  staff,
  overridesLock = false,
  onSelect,
  onAutismChange,
  onContinue,
}: {
  projects: ProjectDto[];
  projectId: number | null;
  staff: boolean;
  /** The caller may edit locked projects too (an unconditional Project update grant). */
  overridesLock?: boolean;
  onSelect: (project: ProjectDto | null) => void;
  onAutismChange: () => void;
  onContinue: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const chosen = projects.find((project) => project.id === projectId) ?? null;
  const editable = chosen !== null && !creating && editableInWizard(chosen, overridesLock);
  return (
    <Stack gap="md" maw={860}>
      <Select
        label="Project"
        description={staff ? 'Every project' : 'Your projects'}
        placeholder="Choose a project"
        searchable
        data={[
          { value: CREATE_PROJECT, label: 'Create project' },
          ...projects.map((project) => ({ value: String(project.id), label: project.title })),
        ]}
        value={creating ? CREATE_PROJECT : projectId ? String(projectId) : null}
        onChange={(value) => {
          setCreating(value === CREATE_PROJECT);
          onSelect(
            value && value !== CREATE_PROJECT ? (projects.find((p) => String(p.id) === value) ?? null) : null,
          );
        }}
      />
      {creating && (
        <CreateProjectForm
          staff={staff}
          onAutismChange={onAutismChange}
          onCreated={(project) => {
            setCreating(false);
            onSelect(project);
          }}
        />
      )}
      {editable && chosen && <EditableProject key={chosen.id} project={chosen} onContinue={onContinue} />}
      {!creating && chosen && !editable && <ProjectSummary project={chosen} />}
      {!editable && (
        <Group>
          <Button onClick={onContinue} disabled={!chosen || creating}>
            Continue
          </Button>
        </Group>
      )}
    </Stack>
  );
}
