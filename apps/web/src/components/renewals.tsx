import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { RESOURCE_IMPACT_FORM_ID } from '@rrp/domain/forms';
import {
  formatDate,
  can,
  EDITABLE_RENEWAL_STATUSES,
  mayAttempt,
  RENEWAL_STATUS_CHOICES,
  renewalStatusName,
  RESEARCH_MATCH_RENEWAL_TYPE,
  type RenewalDto,
  type RequestDto,
  type RequestStatusId,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useActor } from '@/lib/use-can';

/** The Research Match renewal form (researcher §3), for the labels of its answers. */
const RESEARCH_MATCH_RENEWAL_FORM_ID = 'research_match_renewal';
import { answerText, formLabels, useFormSchema, type AnswerLabel } from '@/components/dynamic-form';

import { fileFieldKeys } from '@rrp/domain/forms';
import { RequestDocuments } from '@/components/documents';
import { refId } from '@/lib/request-rules';
import {
  irbNotice,
  mayRenew,
  renewalPath,
  sunsetNotice,
  useRequestRenewals,
  useUpdateRenewal,
} from '@/lib/renewals';

/** The request's latest IRB renewal date, when the request was read with `expand=project`. */
function irbRenewalDateOf(request: Pick<RequestDto, 'project'>): string | null {
  const project = typeof request.project === 'object' ? request.project : null;
  const irb = project?.latest_irb ?? null;
  return irb && irb.designation !== 2 ? irb.renewal_date : null;
}

/**
 * The owner's expiry notices on a request (staff §8): 'Your sunset date expired on {date}' once
 * the request has expired, 'Your IRB document expired on {date}' once the project's IRB has, each
 * with what to do about it.
 */
export function RequestExpiryNotices({ request, isOwner }: { request: RequestDto; isOwner: boolean }) {
  const renewals = useRequestRenewals(isOwner ? request.id : null);
  if (!isOwner) return null;
  const sunset = sunsetNotice(request.expiration_date);
  const irb = irbNotice(irbRenewalDateOf(request));
  if (!sunset && !irb) return null;
  const renewable = mayRenew(request, renewals.data?.results ?? []);
  const projectId = refId(request.project);
  return (
    <Alert color="red" variant="light" title="Action needed" role="alert">
      <Stack gap={6}>
        {sunset && (
          <Group gap="sm">
            <Text size="sm">{sunset}</Text>
            {renewable && (
              <Button component={Link} to={`/request/${request.id}/renewal`} size="compact-sm" color="red.9">
                Renew
              </Button>
            )}
          </Group>
        )}
        {irb && (
          <Group gap="sm">
            <Text size="sm">{irb}</Text>
            {projectId !== null && (
              <Button
                component={Link}
                to={`/project/${projectId}?mode=edit`}
                size="compact-sm"
                variant="outline"
                color="red.9"
              >
                Update IRB
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** Staff set a renewal's status (staff §7 "PATCH renewal with status"). */
function RenewalStatusControl({ renewal }: { renewal: RenewalDto }) {
  const [status, setStatus] = useState(String(renewal.status));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRenewal();
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Renewal status"
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value);
          setError(null);
        }}
        data={RENEWAL_STATUS_CHOICES.map((value) => ({
          value: String(value),
          label: renewalStatusName(value),
        }))}
        error={error}
        w={240}
      />
      <Button
        variant="light"
        loading={update.isPending}
        disabled={Number(status) === renewal.status}
        onClick={() =>
          update.mutate(
            { id: renewal.id, status: Number(status) },
            {
              onError: (failure) =>
                setError(failure instanceof ApiError ? failure.summary : 'The status could not be saved.'),
            },
          )
        }
      >
        Save Status
      </Button>
    </Group>
  );
}

/** One renewal: status, date, the choice and its effect on the expiry, and the form's answers. */
function RenewalCard({
  renewal,
  labels,
  files,
  staff,
  isOwner,
}: {
  renewal: RenewalDto;
  labels: Map<string, AnswerLabel>;
  /** The keys of the form's file fields: their answers are documents, listed by name. */
  files: ReadonlySet<string>;
  staff: boolean;
  isOwner: boolean;
}) {
  const renew = renewal.additional_data.renew === true;
  const researchMatch = renewal.type === RESEARCH_MATCH_RENEWAL_TYPE;
  // In the form's order (stored answers come back in no particular order).
  const order = [...labels.keys()];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const answers = Object.entries(renewal.additional_data)
    .filter(([key]) => key !== 'renew' && key !== 'rm_application')
    .sort(([a], [b]) => rank(a) - rank(b));
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {`Renewal submitted ${renewal.submission_date ? formatDate(renewal.submission_date) : ''}`.trim()}
          </Title>
          <Badge variant="outline" color="blue.9">
            {renewal.status_name}
          </Badge>
        </Group>
        <Text size="sm" fw={600}>
          {researchMatch
            ? 'Research Match renewal: the application is reviewed again.'
            : renew
              ? `Renewal choice: Yes — access extended to ${formatDate(renewal.expiration_after)}.`
              : `Renewal choice: No — access ends on ${formatDate(renewal.expiration_before)}.`}
        </Text>
        {isOwner &&
          !researchMatch &&
          EDITABLE_RENEWAL_STATUSES.includes(renewal.status as RequestStatusId) && (
            <Group>
              <Button
                component={Link}
                to={`/request/${renewal.request}/renewal?renewal=${renewal.id}`}
                variant="light"
                size="xs"
              >
                Edit Renewal
              </Button>
            </Group>
          )}
        {staff && <RenewalStatusControl key={renewal.status} renewal={renewal} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {answers.map(([key, value]) => (
            <div key={key}>
              <Text size="xs" fw={700} c="gray.7" tt="uppercase">
                {labels.get(key)?.label ?? key.replace(/_/g, ' ')}
              </Text>
              {files.has(key) ? (
                <RequestDocuments value={value} />
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {answerText(value, labels, key)}
                </Text>
              )}
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * The renewals of a request for its Renewal Info tab (researcher §2): each with its status and
 * the renewal choice, newest first; the owner gets Renew while the renewal window is open.
 */
export function RenewalHistory({ request, isOwner }: { request: RequestDto; isOwner: boolean }) {
  // Roles without renewals in the permission table (access admins, staff §6) are not shown them.
  const actor = useActor();
  const mayList = mayAttempt(actor, 'list', 'Renewal');
  // Staff who set renewal statuses (admins); owners edit their answers instead.
  const staff = can(actor, 'update', 'Renewal');
  const renewals = useRequestRenewals(mayList ? request.id : null);
  const schema = useFormSchema(RESOURCE_IMPACT_FORM_ID);
  const rmSchema = useFormSchema(RESEARCH_MATCH_RENEWAL_FORM_ID);
  const labels = formLabels(schema.data);
  const rmLabels = formLabels(rmSchema.data);
  const impactFiles = new Set(schema.data ? fileFieldKeys(schema.data.fields) : []);
  const rmFiles = new Set(rmSchema.data ? fileFieldKeys(rmSchema.data.fields) : []);
  // Newest first for staff; a researcher reads them in the order filed, newest last (researcher §2).
  const filed = renewals.data?.results ?? [];
  const rows = can(actor, 'read', 'Renewal') ? filed : [...filed].reverse();
  if (!mayList) return null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Renewals
        </Title>
        {isOwner && renewals.data && mayRenew(request, rows) && (
          <Button component={Link} to={renewalPath(request)}>
            Renew
          </Button>
        )}
      </Group>
      {renewals.isError ? (
        <Alert color="red">The renewals of this request could not be loaded.</Alert>
      ) : !renewals.data ? (
        <Text size="sm">Loading renewals…</Text>
      ) : rows.length === 0 ? (
        <Text size="sm">No renewal has been filed for this request.</Text>
      ) : (
        rows.map((renewal) => (
          <RenewalCard
            key={renewal.id}
            renewal={renewal}
            labels={renewal.type === RESEARCH_MATCH_RENEWAL_TYPE ? rmLabels : labels}
            files={renewal.type === RESEARCH_MATCH_RENEWAL_TYPE ? rmFiles : impactFiles}
            staff={staff}
            isOwner={isOwner}
          />
        ))
      )}
      {isOwner && rows.length === 0 && !mayRenew(request, rows) && request.expiration_date && (
        <Text size="sm" c="gray.7">
          A renewal can be filed from six months before the expiration date.{' '}
          <Anchor component={Link} to="/compliance_researcher" inherit>
            Project Updates Dashboard
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
