import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@rrp/domain';
import { RenewalHistory } from '@/components/renewals';
import { answerText, rangeText } from '@/components/dynamic-form';
import { useSession } from '@/lib/session';
import { refId } from '@/lib/request-rules';
import type { RequestView } from '../api/requests';
import { Field } from '@/components/field';
import { PiAndProjectTab } from './request-tabs';

/** PI and Recruitment Study of a Research Match application: the PI and project, and the lay study. */
export function PiAndStudyTab({ request }: { request: RequestView }) {
  const application = (request.additional_data.rm_application ?? {}) as Record<string, unknown>;
  return (
    <Stack gap="xl">
      <PiAndProjectTab request={request} />
      <Stack>
        <Title order={2} fz="lg">
          Recruitment Study
        </Title>
        <Field label="Lay title">{answerText(application.lay_title)}</Field>
        <Field label="Lay abstract">{answerText(application.lay_abstract)}</Field>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Cohorts">{request.cohorts.map((cohort) => cohort.name).join(', ')}</Field>
          <Field label="Participants">{answerText(application.num_participants)}</Field>
          <Field label="Participant ages">{rangeText(application.age_range)}</Field>
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

/** The renewals of a Research Match application, each with its own status (researcher §2). */
export function ResearchMatchRenewalTab({ request }: { request: RequestView }) {
  const { user } = useSession();
  return <RenewalHistory request={request} isOwner={user !== null && refId(request.owner) === user.id} />;
}

/**
 * Publication Info of a Research Match application: what the study reported at its renewals
 * (findings and lay summary), newest first (decision 167).
 */
export function PublicationInfoTab({ request }: { request: RequestView }) {
  const renewal = request.latest_renewal;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Publication Info
      </Title>
      <Text size="sm">
        {renewal
          ? `Findings and publications are reported with each renewal; the latest was filed ${renewal.submission_date ? formatDate(renewal.submission_date) : ''} (see the Renewal tab).`
          : 'No publication has been reported for this study yet. Findings and publications are reported when the application is renewed.'}
      </Text>
    </Stack>
  );
}
