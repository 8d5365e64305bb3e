import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  can,
  mayAttempt,
  OWNER_EDITABLE_STATUSES,
  RECONTACT_TYPES,
  REQUEST_CREATED,
  STAFF_ROLES,
  type InstitutionDto,
  type RequestStatusId,
} from '@rrp/domain';
import { Page } from '@/components/page';
import { apiFetch, ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';
import { useSession } from '@/lib/session';
import { useCan, useActor } from '@/lib/use-can';
import { useRequest } from '../api/requests';
import { SUSPENDED_STATUS, refId, statusName, FLAGGED_STATUSES } from '@/lib/request-rules';
import { RequestExpiryNotices } from '@/components/renewals';
import { RequestAuditTrail } from './request-audit-trail';
import { ordersTabs, requestTabs, TAB_LABELS, type TabKey } from './request-tab-list';
import { SummaryTab } from './summary-tab';
import { CollectionTab } from './collection-tab';
import { TissueReviewsTab } from './tissue-reviews-tab';
import { OrderDetailsTab, PreviousOrdersTab } from './tissue-order-tabs';
import { DeleteRequestButton } from './request-actions';
import { StaffPanel } from '../staff-panel/staff-panel';
import { MakeDecisionButton, RequestDocumentButtons } from '../decision/decision-actions';
import { ScoringPanel } from '@/components/review-cycle/scoring-panel';
import { DataSharingPolicyTab, PiAndProjectTab, RenewalInfoTab, ResearchTeamTab } from './request-tabs';
import { RequestDetailsTab } from './request-details-tab';
import { AccessDetailsTab } from './access-details-tab';
import { AvailabilityTab } from './availability-tab';
import { PiAndStudyTab, PublicationInfoTab, ResearchMatchRenewalTab } from './research-match-tabs';

const CRUMBS = [{ label: 'Requests', to: '/request' }];
/** Where a Research Match application's review meeting page has something to show. */
const MEETING_STATUSES: readonly number[] = [8, 10, 12];

const SUSPENDED_TEXT = 'Access to this request has been suspended.';
const SUSPENDED_THIS_REQUEST = 'Your access has been suspended due to non-compliance with this request.';
const UNCONFIRMED_INSTITUTION = 'This request is from a researcher at an unconfirmed institution.';
/** A request the caller may not see (the server answers 404 alike for one that does not exist). */
const NO_ACCESS = 'You do not have access to this request';

/** /request/{id}: the request in view or audit-trail mode, with its kind's tabs. */
export default function RequestDetailScreen() {
  const id = Number(useParams().objectId);
  const [params, setParams] = useSearchParams();
  const { user, activeRole } = useSession();
  const request = useRequest(id);
  const data = request.data;
  const isStaff = activeRole !== null && STAFF_ROLES.includes(activeRole);
  const institutionId = data?.institution?.id ?? null;
  const actor = useActor();
  // Status and RDA of the request's institution: the banner (staff) and the Access Details rules;
  // not asked by roles that may read no institution (tissue and Research Match staff, issue 30.3).
  const institution = useQuery({
    queryKey: ['institution', institutionId],
    queryFn: () => apiFetch<InstitutionDto>(`institution/${institutionId}/`, { handleStatus: [403, 404] }),
    enabled: institutionId !== null && mayAttempt(actor, 'read', 'Institution'),
    retry: false,
  });
  const canDelete = useCan(data, 'delete');
  const isOwner = Boolean(data && user && refId(data.owner) === user.id);
  const showAudit = isOwner || can(actor, 'list', 'History');
  const mode = params.get('mode') === 'audit' && showAudit ? 'audit' : 'view';

  if (request.isError) {
    const hidden = request.error instanceof ApiError && request.error.status === 404;
    return (
      <Page title="Request" crumbs={CRUMBS}>
        {hidden ? (
          <Alert color="yellow" title={NO_ACCESS} maw={720}>
            <Text size="sm">
              Requests are open to their research team, to staff, and to the reviewers assigned to them. It
              may also have been deleted. If you think you should see it, contact{' '}
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
                {SUPPORT_EMAIL}
              </Anchor>
              .
            </Text>
            <Button component={Link} to="/" variant="light" mt="sm">
              Go to Home
            </Button>
          </Alert>
        ) : (
          <Alert color="red">This request could not be loaded.</Alert>
        )}
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title="Request" crumbs={CRUMBS}>
        <Skeleton h={240} />
      </Page>
    );
  }

  // Assigned reviewers read the summary of the applications they review (decision 161).
  const tabs = requestTabs(data, activeRole, {
    summary: can(actor, 'read', 'RequestSummary', { reviewerIds: data.my_review && user ? [user.id] : [] }),
    // Staff of the tissue review and its reviewers read the reviews (staff §2.6, researcher §2).
    tissueReviews: can(actor, 'list', 'TissueReview'),
    orders: ordersTabs(data, can(actor, 'create', 'TissueOrder')),
  });
  const requestedTab = params.get('tab') as TabKey | null;
  const tab: TabKey = requestedTab && tabs.includes(requestedTab) ? requestedTab : tabs[0]!;
  const setTab = (next: string | null) => {
    if (next) setParams({ tab: next }, { replace: true });
  };
  // The owner continues a draft, or edits a request returned to them (decision 128).
  const canEdit =
    isOwner &&
    OWNER_EDITABLE_STATUSES.includes(data.status as RequestStatusId) &&
    (data.permissions.includes('update') || data.is_editable);
  const draft = data.status === REQUEST_CREATED;
  const suspended = data.status === SUSPENDED_STATUS;
  // The researcher's own suspension over this request (the shell's ribbon covers other requests).
  const userSuspendedHere = user?.suspended_request === data.id;
  const unconfirmed = isStaff && institution.data !== undefined && institution.data.status !== 3;

  const panel = (key: TabKey) => {
    switch (key) {
      case 'pi':
        return <PiAndProjectTab request={data} />;
      case 'details':
        return <RequestDetailsTab request={data} />;
      case 'details-team':
        return (
          <Stack gap="xl">
            <RequestDetailsTab request={data} />
            <ResearchTeamTab request={data} showRemoved={isStaff} />
          </Stack>
        );
      case 'team':
        return <ResearchTeamTab request={data} showRemoved={isStaff} />;
      case 'policy':
        return <DataSharingPolicyTab request={data} />;
      case 'access':
        return <AccessDetailsTab request={data} institution={institution.data ?? null} />;
      case 'availability':
        return <AvailabilityTab request={data} />;
      case 'renewal':
        return <RenewalInfoTab request={data} />;
      case 'summary':
        return <SummaryTab requestId={data.id} />;
      case 'rm-renewal':
        return <ResearchMatchRenewalTab request={data} />;
      case 'pi-study':
        return <PiAndStudyTab request={data} />;
      case 'usage-policy':
        return <DataSharingPolicyTab request={data} />;
      case 'publication':
        return <PublicationInfoTab request={data} />;
      case 'collection':
        return <CollectionTab request={data} isOwner={isOwner} />;
      case 'reviews':
        return <TissueReviewsTab requestId={data.id} />;
      case 'order':
        return <OrderDetailsTab request={data} canSend={can(actor, 'create', 'TissueOrder')} />;
      case 'previous-orders':
        return <PreviousOrdersTab request={data} />;
    }
  };

  const actions = (
    <Group gap="xs">
      <Badge variant="outline">{data.portal_request_id}</Badge>
      <Badge color={FLAGGED_STATUSES.includes(data.status) ? 'red.9' : 'blue.9'} variant="outline">
        {statusName(data)}
      </Badge>
      {canEdit && (
        <Button
          component={Link}
          to={`/request/create?request=${data.id}`}
          variant={draft ? 'filled' : 'light'}
        >
          {draft ? 'Continue Request' : 'Edit Request'}
        </Button>
      )}
      {showAudit &&
        (mode === 'audit' ? (
          <Button variant="default" onClick={() => setParams({})}>
            Back to Request
          </Button>
        ) : (
          <Button variant="subtle" onClick={() => setParams({ mode: 'audit' })}>
            View Audit Trail
          </Button>
        ))}
      {canDelete && <DeleteRequestButton request={data} />}
      <RequestDocumentButtons request={data} />
      {RECONTACT_TYPES.includes(data.type) &&
        MEETING_STATUSES.includes(data.status) &&
        can(actor, 'read', 'ReviewMeeting') && (
          <Button component={Link} to={`/request/${data.id}/review-meeting`} variant="default">
            Review Meeting
          </Button>
        )}
      <MakeDecisionButton request={data} />
    </Group>
  );

  return (
    <Page
      title={data.display_name || 'Request'}
      crumbs={CRUMBS}
      current={data.portal_request_id}
      actions={actions}
    >
      {(suspended || userSuspendedHere) && (
        <Alert color="red" title="Suspended" role="alert">
          <Text size="sm">
            {/* The request's own state first, then why the owner is suspended (researcher §8). */}
            {suspended && `${SUSPENDED_TEXT} `}
            {userSuspendedHere && `${SUSPENDED_THIS_REQUEST} `}
            {isOwner && (
              <>
                Please complete the{' '}
                <Anchor component={Link} to={`/request/${data.id}/renewal`} inherit underline="always">
                  request renewal
                </Anchor>{' '}
                or contact{' '}
                <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
                  {SUPPORT_EMAIL}
                </Anchor>
                .
              </>
            )}
          </Text>
        </Alert>
      )}
      {draft && canEdit && (
        <Alert color="blue" variant="light">
          <Text size="sm">
            This request is a draft: it has not been submitted. Continue it to check your answers and submit
            it for review.
          </Text>
        </Alert>
      )}
      <RequestExpiryNotices request={data} isOwner={isOwner} />
      {unconfirmed && (
        <Alert color="yellow" variant="light">
          <Text size="sm">{UNCONFIRMED_INSTITUTION}</Text>
        </Alert>
      )}
      {mode === 'audit' ? (
        <RequestAuditTrail request={data} />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {tabs.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {TAB_LABELS[key]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((key, index) => {
            const next = tabs[index + 1];
            return (
              <Tabs.Panel key={key} value={key} pt="md">
                <Card withBorder padding="lg">
                  <Stack>
                    {panel(key)}
                    {next && (
                      <Group justify="flex-end">
                        <Button variant="light" onClick={() => setTab(next)}>
                          {`Continue to ${TAB_LABELS[next]}`}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Card>
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
      {mode !== 'audit' && data.my_review && <ScoringPanel request={data} />}
      {mode !== 'audit' && <StaffPanel request={data} />}
    </Page>
  );
}
