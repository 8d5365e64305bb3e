import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  ABSTRACT_MAX,
  AUTISM_QUESTION,
  PROJECT_MESSAGES,
  TITLE_MAX,
  updateProjectSchema,
  type ProjectDto,
} from '@rrp/domain';
import { ERROR_CONTRAST } from '@/components/research-team';
import { ApiError } from '@/lib/api-client';
import { updateProject, type ProjectChanges } from '../api';
import { IrbLine } from './project-summary';

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
export function EditableProject({ project, onContinue }: { project: ProjectDto; onContinue: () => void }) {
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
            <Text size="sm" c="teal.9" role="status">
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
