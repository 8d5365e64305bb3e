import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTISM_QUESTION, PROJECT_MESSAGES, type ProjectDto } from '@rrp/domain';
import { ApiError, apiFetch } from '@/lib/api-client';

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
export function CreateProjectForm({
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
