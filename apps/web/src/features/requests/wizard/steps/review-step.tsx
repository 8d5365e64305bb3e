import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { USAGE_QUESTIONS, type ProjectDto, type ResearchTeamMemberDto } from '@rrp/domain';
import {
  answerText,
  fileFieldKeys,
  formLabels,
  normalizeSampleIds,
  type FormSchema,
  type FormValues,
} from '@rrp/domain/forms';
import { SUPPORT_EMAIL } from '@/lib/config';
import { documentIds, documentNames, useStoredDocuments } from '@/lib/form-documents';
import type { Resource } from '../rules';
import type { UsageAnswers } from '../state';

/**
 * One line per answered question of each resource form, in the form's order; samples with their
 * amount; chosen documents by their names (a browser `File` has no answer text of its own).
 */
function FormAnswers({ form, values }: { form: FormSchema; values: FormValues }) {
  const labels = formLabels(form);
  const files = new Set(fileFieldKeys(form.fields));
  const stored = useStoredDocuments([...files].flatMap((key) => documentIds(values[key])));
  const storedNames = stored.data ?? new Map<number, { name: string }>();
  const answered = [...labels].filter(([key]) => {
    const value = values[key];
    return (
      value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
    );
  });
  if (answered.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        {form.title}
      </Title>
      <List size="sm" spacing={2}>
        {answered.map(([key, { label }]) => (
          <List.Item key={key}>
            <strong>{label}:</strong>{' '}
            {key === 'samples'
              ? // One standard amount per sample id; other amounts go in the changes requested.
                normalizeSampleIds(values.samples)
                  .map((id) => `${id} (1)`)
                  .join(', ')
              : files.has(key)
                ? documentNames(values[key], storedNames).join(', ')
                : answerText(values[key], labels, key)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Section({ title, onEdit, children }: { title: string; onEdit?: () => void; children: ReactNode }) {
  const id = `review-${title.replace(/[^A-Za-z]+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="lg" id={id}>
            {title}
          </Title>
          {onEdit && (
            <Anchor component="button" type="button" onClick={onEdit} aria-label={`Edit ${title}`}>
              Edit
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Step 6: what will be sent, with Edit links back to the steps, then Submit. */
export function ReviewStep({
  project,
  piName,
  selection,
  members,
  submitting,
  errors,
  generalError,
  onEdit,
  onSubmit,
  onSaveDraft,
  savingDraft = false,
  forms,
  details,
  intentToDownload,
  usage,
  termsOnly = false,
  collection = null,
}: {
  project: ProjectDto | null;
  piName: string;
  selection: Resource[];
  /** The team members (other than the PI) who get access. */
  members: ResearchTeamMemberDto[];
  submitting: boolean;
  errors: string[];
  generalError: string | null;
  onEdit: (step: 'project' | 'resources' | 'details' | 'team' | 'usage') => void;
  onSubmit: () => void;
  /** Keeps the request as a draft (status Created) to continue later; absent when it cannot stay one. */
  onSaveDraft?: () => void;
  savingDraft?: boolean;
  /** The resource forms of the selection, and what was answered on them. */
  forms: FormSchema[];
  details: Record<string, FormValues>;
  /** Whether the team will download the data, when it was asked. */
  intentToDownload: boolean | null;
  /** The usage step's answers; null where the step is skipped (staff filing for a PI). */
  usage: UsageAnswers | null;
  /** Research Match: the usage step asks for the terms only. */
  termsOnly?: boolean;
  /** A pilot tissue or tissue request's collection, as chosen on the details step. */
  collection?: { name: string; donors: number } | null;
}) {
  return (
    <Stack gap="md" maw={860}>
      <Section title="Principal Investigator & Project" onEdit={() => onEdit('project')}>
        <Text size="sm">
          <strong>Principal Investigator:</strong> {piName}
        </Text>
        <Text size="sm">
          <strong>Project:</strong> {project?.title}
        </Text>
        {project && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
            {project.abstract}
          </Text>
        )}
      </Section>
      <Section title="Resource(s)" onEdit={() => onEdit('resources')}>
        <List size="sm">
          {selection.map((resource) => {
            // Research Match is its own group: "Research Match (Research Match)" would say it twice.
            const detail = [resource.group === resource.name ? null : resource.group, resource.cohort]
              .filter(Boolean)
              .join(', ');
            return (
              <List.Item key={resource.key}>
                {resource.name}
                {detail ? ` (${detail})` : ''}
              </List.Item>
            );
          })}
        </List>
      </Section>
      <Section title="Resource Details" onEdit={() => onEdit('details')}>
        {intentToDownload !== null && (
          <Text size="sm">
            <strong>Will your team download the data?</strong> {intentToDownload ? 'Yes' : 'No'}
          </Text>
        )}
        {collection && (
          <Text size="sm">
            <strong>Collection:</strong> {collection.name} ({collection.donors} donor
            {collection.donors === 1 ? '' : 's'})
          </Text>
        )}
        {forms.map((form) => (
          <FormAnswers key={form.id} form={form} values={details[form.id] ?? {}} />
        ))}
      </Section>
      <Section title="Research Team" onEdit={() => onEdit('team')}>
        {members.length === 0 ? (
          <Text size="sm">No team members selected.</Text>
        ) : (
          <List size="sm">
            {members.map((member) => (
              <List.Item key={member.id}>
                {member.display_name} ({member.email}), {member.user_role_name}
                {member.user_id === null && ' — access once they register a portal account'}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      {usage && (
        <Section title="Resource Usage" onEdit={() => onEdit('usage')}>
          <List size="sm" spacing={2}>
            {(termsOnly ? [] : USAGE_QUESTIONS).map((question, index) => (
              <List.Item key={question}>
                {question} <strong>{usage.answers[index] ? 'Yes' : 'No'}</strong>
              </List.Item>
            ))}
            <List.Item>
              Agreed to the terms: <strong>{usage.terms ? 'Yes' : 'No'}</strong>
            </List.Item>
          </List>
        </Section>
      )}
      {errors.length > 0 && (
        <Alert color="red" role="alert" title="There were the following errors when submitting the request:">
          <Stack gap="xs">
            <List size="sm">
              {errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
            <Text size="sm">
              If you need further assistance, please contact {SUPPORT_EMAIL} and include the errors above
            </Text>
          </Stack>
        </Alert>
      )}
      {generalError && (
        <Alert color="red" role="alert">
          General Error: {generalError}
        </Alert>
      )}
      <Group>
        <Button onClick={onSubmit} loading={submitting} disabled={savingDraft}>
          Submit
        </Button>
        {onSaveDraft && (
          <Button variant="default" onClick={onSaveDraft} loading={savingDraft} disabled={submitting}>
            Save Draft
          </Button>
        )}
      </Group>
    </Stack>
  );
}
