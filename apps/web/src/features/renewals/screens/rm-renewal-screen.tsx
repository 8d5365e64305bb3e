import { useState } from 'react';
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
import { Link, useParams } from 'react-router';
import {
  RENEWAL_MESSAGES,
  REQUEST_TYPE,
  RESEARCH_MATCH_RENEWAL_TYPE,
  type RenewalDto,
  type RequestDto,
} from '@rrp/domain';
import type { FormSchema } from '@rrp/domain/forms';
import { DynamicForm, useDynamicForm, useFormSchema } from '@/components/dynamic-form';
import { Page } from '@/components/page';
import { TermsLink } from '@/components/terms-link';
import { ApiError } from '@/lib/api-client';
import { RESEARCH_MATCH_DOCUMENT, uploadFormFiles } from '@/lib/form-documents';
import { mayRenew, useRequestRenewals } from '@/lib/renewals';
import { refId } from '@/lib/request-rules';
import { useSession } from '@/lib/session';
import { useRenewalRequest, useSubmitRenewal } from '../api/renewals';

const RM_RENEWAL_TITLE = 'Research Match Renewal';
const RESEARCH_MATCH_RENEWAL_FORM_ID = 'research_match_renewal';

/** The procedural notes before the Research Match renewal form (researcher §2 "Renewals"). */
function ProceduralNotes({ request, onContinue }: { request: RequestDto; onContinue: () => void }) {
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} fz="lg">
          Procedural notes
        </Title>
        <Text size="sm">{`Renewing ${request.portal_request_id} asks the committee to continue recruitment for your study.`}</Text>
        <List size="sm" spacing={6}>
          <List.Item>
            Tell us what the study found so far, how recruitment went and how many more participants you need.
          </List.Item>
          <List.Item>Upload your most recent IRB approval and the current consent form (PDF).</List.Item>
          <List.Item>
            The renewal goes back to the committee, which reviews Research Match quarterly (deadlines March
            31st, June 30th, September 30th and December 31st); you can follow it on the request&apos;s
            Renewal tab.
          </List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onContinue}>Continue to Application</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RenewalForm({
  request,
  form,
  onDone,
}: {
  request: RequestDto;
  form: FormSchema;
  onDone: (renewal: RenewalDto) => void;
}) {
  const state = useDynamicForm(form);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitRenewal();

  const onSubmit = async () => {
    setFormError(null);
    const result = state.validate();
    setAgreeError(agreed ? null : RENEWAL_MESSAGES.usagePolicy);
    if (Object.keys(result.errors).length > 0 || !agreed) {
      setFormError(RENEWAL_MESSAGES.formErrors);
      return;
    }
    let answers: typeof result.values;
    setUploading(true);
    try {
      // Documents go through the scanned upload API for this request, then the form names their ids.
      answers = await uploadFormFiles(form, result.values, {
        type: RESEARCH_MATCH_DOCUMENT,
        request: request.id,
      });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.summary : String(error));
      return;
    } finally {
      setUploading(false);
    }
    submit.mutate(
      {
        request: request.id,
        type: RESEARCH_MATCH_RENEWAL_TYPE,
        agreed_to_usage_policy: true,
        additional_data: answers,
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) return setFormError(`General Error: ${error.message}`);
          const { agreed_to_usage_policy: policy, non_field_errors: _general, ...fields } = error.fieldErrors;
          setAgreeError(policy ?? null);
          state.setErrors(fields);
          setFormError(error.summary);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Stack gap="lg" maw={860}>
          <Title order={2} fz="lg">
            {form.title}
          </Title>
          <DynamicForm {...state.bind} headingOrder={3} disabled={submit.isPending || uploading} />
          <Checkbox
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
              setAgreeError(null);
            }}
            error={agreeError}
            label={
              <>
                I agree to the <TermsLink />.
              </>
            }
          />
          {formError && (
            <Alert color="red" role="alert">
              <Text size="sm">{formError}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={`/request/${request.id}`}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending || uploading}>
              Submit Renewal
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * /request/{id}/rm-renewal: procedural notes, the Research Match renewal form with its documents,
 * and a thank-you with View Request Status (researcher §2 "Renewals"). Filing it sends the
 * application back to Submitted.
 */
export default function RmRenewalScreen() {
  const id = Number(useParams().objectId);
  const { user } = useSession();
  const request = useRenewalRequest(id);
  const renewals = useRequestRenewals(Number.isInteger(id) ? id : null);
  const schema = useFormSchema(RESEARCH_MATCH_RENEWAL_FORM_ID);
  const [step, setStep] = useState<'notes' | 'form' | 'done'>('notes');
  const data = request.data;
  const crumbs = [
    { label: 'Request', to: '/request' },
    { label: data?.portal_request_id ?? String(id), to: `/request/${id}` },
  ];
  if (request.isError || schema.isError || renewals.isError)
    return (
      <Page title={RM_RENEWAL_TITLE} crumbs={crumbs}>
        <Alert color="red">This request could not be loaded.</Alert>
      </Page>
    );
  if (!data || !schema.data || !renewals.data)
    return (
      <Page title={RM_RENEWAL_TITLE} crumbs={crumbs}>
        <Skeleton h={240} />
      </Page>
    );
  const isOwner = user !== null && refId(data.owner) === user.id;
  const blocker = !isOwner
    ? RENEWAL_MESSAGES.notOwner
    : data.type !== REQUEST_TYPE.researchMatch
      ? RENEWAL_MESSAGES.wrongType
      : !mayRenew(data, renewals.data.results)
        ? RENEWAL_MESSAGES.notRenewable
        : null;

  return (
    <Page title={RM_RENEWAL_TITLE} crumbs={crumbs}>
      {step === 'done' ? (
        <Card withBorder padding="lg">
          <Stack>
            <Title order={2} fz="lg">
              Thank you
            </Title>
            <Text role="status">
              {`Your renewal of ${data.portal_request_id} has been submitted for the committee's review.`}
            </Text>
            <Group>
              <Button component={Link} to={`/request/${data.id}?tab=rm-renewal`}>
                View Request Status
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : blocker ? (
        <Alert color="yellow" variant="light" title="This application cannot be renewed now">
          <Stack gap="xs">
            <Text size="sm">{blocker}</Text>
            <Anchor component={Link} to={`/request/${data.id}?tab=rm-renewal`} size="sm">
              Go to Request
            </Anchor>
          </Stack>
        </Alert>
      ) : step === 'notes' ? (
        <ProceduralNotes request={data} onContinue={() => setStep('form')} />
      ) : (
        <RenewalForm request={data} form={schema.data} onDone={() => setStep('done')} />
      )}
    </Page>
  );
}
