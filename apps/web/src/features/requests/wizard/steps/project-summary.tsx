import { Paper, Stack, Text, Title } from '@mantine/core';
import { AUTISM_QUESTION, type ProjectDto } from '@rrp/domain';

/** The IRB details of a project, as one line. */
export function IrbLine({ project }: { project: ProjectDto }) {
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

/** A chosen project's summary: abstract, the autism-related note and the IRB details. */
export function ProjectSummary({ project }: { project: ProjectDto }) {
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
