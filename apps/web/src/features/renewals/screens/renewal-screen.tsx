import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  formatDate,
  EDITABLE_RENEWAL_STATUSES,
  RECONTACT_TYPES,
  RENEWABLE_STATUSES,
  RENEWAL_MESSAGES,
  renewalWindowOpen,
  REQUEST_TYPE,
  requestExpiryState,
  type RenewalDto,
  type RequestDto,
  type RequestStatusId,
} from '@rrp/domain';
import { RESOURCE_IMPACT_FORM_ID, resourceImpactForm, type FormSchema } from '@rrp/domain/forms';
import { DynamicForm, useDynamicForm, useFormSchema } from '@/components/dynamic-form';
import { Page } from '@/components/page';
import { TermsLink } from '@/components/terms-link';
import { ApiError } from '@/lib/api-client';
import { isOpenRenewal, useRenewal, useRequestRenewals, useUpdateRenewal } from '@/lib/renewals';
import { refId } from '@/lib/request-rules';
import { useSession } from '@/lib/session';
import { useRenewalRequest, useSubmitRenewal } from '../api/renewals';

const RENEWAL_TITLE = 'Request Renewal';

/** Why the renewal form cannot be filed for this request now (the server's rules), or null. */
export function renewalBlocker(
  request: Pick<RequestDto, 'type' | 'status' | 'expiration_date'>,
  renewals: readonly Pick<RenewalDto, 'status'>[],
  now = new Date(),
): string | null {
  if (RECONTACT_TYPES.includes(request.type)) return RENEWAL_MESSAGES.researchMatch;
  if (!RENEWABLE_STATUSES.includes(request.status as RequestStatusId)) return RENEWAL_MESSAGES.notRenewable;
  if (!request.expiration_date) return RENEWAL_MESSAGES.noExpiration;
  if (!renewalWindowOpen(request.expiration_date, now))
    return RENEWAL_MESSAGES.notYet(formatDate(request.expiration_date));
  if (renewals.some(isOpenRenewal)) return RENEWAL_MESSAGES.openRenewal;
  return null;
}

/** The procedural notes before the form (researcher §2 "Renewals"). */
function ProceduralNotes({ request, onContinue }: { request: RequestDto; onContinue: () => void }) {
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} fz="lg">
          Procedural notes
        </Title>
        <Text size="sm">
          {`Access to the resources of ${request.portal_request_id}${request.display_name ? ` (${request.display_name})` : ''} `}
          {requestExpiryState(request.expiration_date) === 'expired'
            ? `expired on ${formatDate(request.expiration_date)}.`
            : `expires on ${formatDate(request.expiration_date)}.`}
        </Text>
        <List size="sm" spacing={6}>
          <List.Item>
            Access to requested resources lasts three years from fulfilment. From six months before it ends
            you can renew it for another three years.
          </List.Item>
          <List.Item>
            The application asks what came of the resources: publications, data you generated and how the
            resources contributed to your research.
          </List.Item>
          <List.Item>
            Choosing Yes extends access by three years from today; you agree again to the data usage policy.
            Choosing No lets access end on its expiration date, after which your team must stop using the
            resources.
          </List.Item>
          <List.Item>
            Staff read every renewal and may ask you to revise it; you can follow it on the request&apos;s
            Renewal Info tab.
          </List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onContinue}>Continue to Application</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The resource impact / renewal form: the dynamic form and, for Yes, the usage policy. */
function RenewalForm({
  request,
  schema,
  editing,
  onDone,
}: {
  request: RequestDto;
  schema: FormSchema;
  /** The renewal being edited (its answers fill the form; Submit saves them with PATCH). */
  editing: RenewalDto | null;
  onDone: (renewal: RenewalDto) => void;
}) {
  const form = useMemo(
    () =>
      resourceImpactForm(schema, {
        biospecimen: request.type === REQUEST_TYPE.biospecimen,
        ipsc: request.type === REQUEST_TYPE.biospecimen && request.sample_type?.type === 'ipsc',
      }),
    [schema, request.type, request.sample_type?.type],
  );
  const state = useDynamicForm(form, editing?.additional_data);
  const [agreed, setAgreed] = useState(editing?.agreed_to_usage_policy ?? false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useSubmitRenewal();
  const update = useUpdateRenewal();
  const submit = editing ? update : create;
  const renew = state.values.renew === true;

  const onSubmit = () => {
    setFormError(null);
    const result = state.validate();
    const policyMissing = renew && !agreed;
    setAgreeError(policyMissing ? RENEWAL_MESSAGES.usagePolicy : null);
    if (Object.keys(result.errors).length > 0 || policyMissing) {
      setFormError(RENEWAL_MESSAGES.formErrors);
      return;
    }
    const handlers = {
      onSuccess: onDone,
      onError: (error: Error) => {
        if (!(error instanceof ApiError)) {
          setFormError(`General Error: ${error.message}`);
          return;
        }
        const { agreed_to_usage_policy: policy, non_field_errors: _nonField, ...fields } = error.fieldErrors;
        setAgreeError(policy ?? null);
        state.setErrors(fields);
        setFormError(error.summary);
      },
    };
    const agreedToPolicy = renew && agreed;
    if (editing)
      update.mutate(
        { id: editing.id, agreed_to_usage_policy: agreedToPolicy, additional_data: result.values },
        handlers,
      );
    else
      create.mutate(
        {
          request: request.id,
          type: request.type,
          agreed_to_usage_policy: agreedToPolicy,
          additional_data: result.values,
        },
        handlers,
      );
  };

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="lg" maw={860}>
          <Title order={2} fz="lg">
            {form.title}
          </Title>
          <DynamicForm {...state.bind} headingOrder={3} disabled={submit.isPending} />
          {renew && (
            <Checkbox
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.currentTarget.checked);
                setAgreeError(null);
              }}
              error={agreeError}
              label={
                <>
                  I agree to keep using these resources only under the data usage policy and the <TermsLink />
                  .
                </>
              }
            />
          )}
          {formError && (
            <Alert color="red" role="alert">
              <Text size="sm">{formError}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={`/request/${request.id}`}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              Submit Renewal
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ThankYou({
  request,
  renewal,
  edited,
}: {
  request: RequestDto;
  renewal: RenewalDto;
  edited: boolean;
}) {
  const renewed = renewal.additional_data.renew === true;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} fz="lg">
          Thank you
        </Title>
        <Text role="status">
          {`Your renewal of ${request.portal_request_id} has been ${edited ? 'updated' : 'submitted'}. `}
          {renewed
            ? `Access to these resources now lasts until ${formatDate(renewal.expiration_after)}.`
            : `Access will end on ${formatDate(renewal.expiration_before)}.`}
        </Text>
        <Group>
          <Button component={Link} to={`/request/${request.id}`}>
            Go to Request
          </Button>
          <Button component={Link} to="/" variant="default">
            Return to Home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /request/{id}/renewal: procedural notes, the resource impact / renewal form and a thank-you
 * (researcher §2 "Renewals", staff §2.14). Breadcrumbs: Request / {request id} / Request Renewal.
 */
export default function RenewalScreen() {
  const id = Number(useParams().objectId);
  const [params] = useSearchParams();
  // ?renewal={id}: the owner edits a renewal returned to them (or not yet reviewed).
  const editId = Number(params.get('renewal'));
  const editing = useRenewal(Number.isInteger(editId) && editId > 0 ? editId : null);
  const { user } = useSession();
  const request = useRenewalRequest(id);
  const renewals = useRequestRenewals(Number.isInteger(id) ? id : null);
  const schema = useFormSchema(RESOURCE_IMPACT_FORM_ID);
  const [step, setStep] = useState<'notes' | 'form' | 'done'>('notes');
  const [filed, setFiled] = useState<RenewalDto | null>(null);
  const data = request.data;
  const crumbs = [
    { label: 'Request', to: '/request' },
    { label: data?.portal_request_id ?? String(id), to: `/request/${id}` },
  ];

  const editMode = editing.fetchStatus !== 'idle' || editing.data !== undefined || editing.isError;
  if (request.isError || schema.isError || renewals.isError || editing.isError) {
    return (
      <Page title={RENEWAL_TITLE} crumbs={crumbs}>
        <Alert color="red">
          {schema.error instanceof Error && !request.isError
            ? schema.error.message
            : 'This request could not be loaded.'}
        </Alert>
      </Page>
    );
  }
  if (!data || !schema.data || !renewals.data || (editMode && !editing.data)) {
    return (
      <Page title={RENEWAL_TITLE} crumbs={crumbs}>
        <Skeleton h={240} />
      </Page>
    );
  }

  const isOwner = user !== null && refId(data.owner) === user.id;
  const edited = editing.data ?? null;
  const blocker = !isOwner
    ? RENEWAL_MESSAGES.notOwner
    : edited
      ? edited.request !== data.id || !EDITABLE_RENEWAL_STATUSES.includes(edited.status as RequestStatusId)
        ? RENEWAL_MESSAGES.notEditable
        : null
      : renewalBlocker(data, renewals.data.results);

  return (
    <Page title={RENEWAL_TITLE} crumbs={crumbs}>
      {step === 'done' && filed ? (
        <ThankYou request={data} renewal={filed} edited={edited !== null} />
      ) : blocker ? (
        <Alert color="yellow" variant="light" title="This request cannot be renewed now">
          <Stack gap="xs">
            <Text size="sm">{blocker}</Text>
            <Anchor component={Link} to={`/request/${data.id}?tab=renewal`} size="sm">
              Go to Request
            </Anchor>
          </Stack>
        </Alert>
      ) : step === 'notes' && !edited ? (
        <ProceduralNotes request={data} onContinue={() => setStep('form')} />
      ) : (
        <RenewalForm
          request={data}
          schema={schema.data}
          editing={edited}
          onDone={(renewal) => {
            setFiled(renewal);
            setStep('done');
          }}
        />
      )}
    </Page>
  );
}
