import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProjectDto, ResearchTeamMemberDto } from '@rrp/domain';
import { SUPPORT_EMAIL } from '@/lib/config';
import type { Resource } from '../rules';

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
}: {
  project: ProjectDto | null;
  piName: string;
  selection: Resource[];
  /** The team members (other than the PI) who get access. */
  members: ResearchTeamMemberDto[];
  submitting: boolean;
  errors: string[];
  generalError: string | null;
  onEdit: (step: 'project' | 'resources' | 'details' | 'team') => void;
  onSubmit: () => void;
  /** Keeps the request as a draft (status Created) to continue later; absent when it cannot stay one. */
  onSaveDraft?: () => void;
  savingDraft?: boolean;
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
          {selection.map((resource) => (
            <List.Item key={resource.key}>
              {resource.name} ({resource.group}
              {resource.cohort ? `, ${resource.cohort}` : ''})
            </List.Item>
          ))}
        </List>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit('details')} w="fit-content">
          Edit resource details
        </Anchor>
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
