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
import type { ProjectDto } from '@rrp/domain';
import { ApiError, apiFetch } from '@/lib/api-client';

export const CREATE_PROJECT = 'create';

/** Mantine's dimmed description is too faint for WCAG AA. */
const READABLE = { description: { color: 'var(--mantine-color-gray-7)' } };

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
    if (!values.title.trim()) found.title = 'Field Required';
    if (!values.abstract.trim()) found.abstract = 'Field Required';
    if (!values.autism) found.non_autism_research = 'Field Required';
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
          label="Is this project autism related?"
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

/** A chosen project's summary: abstract, the autism-related note and the IRB details. */
function ProjectSummary({ project }: { project: ProjectDto }) {
  const irb = typeof project.latest_irb === 'object' ? project.latest_irb : null;
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
          <strong>Autism related:</strong>{' '}
          {project.non_autism_research
            ? 'No. This project is not autism related, so only resources without a cohort can be requested.'
            : 'Yes'}
        </Text>
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
      </Stack>
    </Paper>
  );
}

export function ProjectStep({
  projects,
  projectId,
  staff,
  onSelect,
  onAutismChange,
  onContinue,
}: {
  projects: ProjectDto[];
  projectId: number | null;
  staff: boolean;
  onSelect: (project: ProjectDto | null) => void;
  onAutismChange: () => void;
  onContinue: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const chosen = projects.find((project) => project.id === projectId) ?? null;
  return (
    <Stack gap="md" maw={860}>
      <Select
        label="Project"
        description={staff ? 'Every project' : 'Your projects'}
        styles={READABLE}
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
      {!creating && chosen && <ProjectSummary project={chosen} />}
      <Group>
        <Button onClick={onContinue} disabled={!chosen || creating}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
