import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  List,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  MESSAGES,
  passwordMeetsCriteria,
  registerOfficialSchema,
  registerResearcherFormSchema,
  type InvitationDto,
} from '@rrp/domain';
import { TermsLink } from '@/components/terms-link';
import { apiFetch, ApiError } from '@/lib/api-client';
import { useApprovedInstitutions } from '@/lib/approved-institutions';
import { Page } from '@/components/page';
import { useBotCheck } from '@/lib/bot-check';
import { PasswordFields } from '../components/password-fields';

const NOT_LISTED = 'not_listed';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  confirmEmail: string;
  password: string;
  agreed_to_terms: boolean;
  institution: string | null;
  orcid: string;
  title: string;
  phone_number: string;
}

function showPleaseNote() {
  modals.open({
    title: 'Please note',
    children: (
      <Stack gap="xs">
        <Text size="sm">Only principal investigators may create accounts.</Text>
        <Text size="sm">
          Resources are restricted for researchers and organisations in China (including Hong Kong and Macau),
          Russia, Iran, North Korea, Cuba and Venezuela; people at institutions there should not register.
        </Text>
      </Stack>
    ),
  });
}

/** Server field errors onto the form; anything else in the 'Sorry, there was a problem' modal. */
function showServerErrors(error: ApiError, setErrors: (errors: Record<string, string>) => void) {
  const fields = error.fieldErrors;
  const { non_field_errors: general, ...onFields } = fields;
  setErrors(onFields);
  if (general || Object.keys(onFields).length === 0) {
    modals.open({
      title: 'Sorry, there was a problem with your request',
      children: <Text size="sm">{general ?? error.summary}</Text>,
    });
  }
}

/** /register: the researcher form, or with an invitation token the signing-official form. */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const rejected = params.get('rejected');
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiFetch<InvitationDto>('verify-invitation/', { query: { token: token! }, handleStatus: [429] }),
    enabled: Boolean(token) && !rejected,
    retry: false,
  });
  const institutions = useApprovedInstitutions();
  const bot = useBotCheck('register');
  const isOfficial = Boolean(token && invitation.data);

  useEffect(() => {
    if (token && rejected) {
      modals.openConfirmModal({
        title: 'Confirm SBSO Rejection',
        children: (
          <Text size="sm">Do you want to decline the invitation to be signing official for {rejected}?</Text>
        ),
        labels: { confirm: 'Confirm', cancel: 'Close' },
        closeOnCancel: true,
        onCancel: () => navigate('/'),
        onConfirm: async () => {
          try {
            await apiFetch('decline-invitation/', { method: 'POST', body: { token } });
            navigate('/thank-you?reason=sbso_said_no');
          } catch (error) {
            modals.open({
              title: 'Sorry, there was a problem with your request',
              children: (
                <Text size="sm">{error instanceof ApiError ? error.summary : MESSAGES.unexpectedError}</Text>
              ),
            });
          }
        },
      });
    } else if (!token) {
      showPleaseNote();
    }
  }, [token, rejected, navigate]);

  const form = useForm<Values>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      confirmEmail: '',
      password: '',
      agreed_to_terms: false,
      institution: null,
      orcid: '',
      title: '',
      phone_number: '',
    },
    validate: (values) => {
      const result = isOfficial
        ? registerOfficialSchema.safeParse(officialPayload(values))
        : registerResearcherFormSchema.safeParse(researcherPayload(values));
      const errors: Record<string, string> = {};
      if (!result.success)
        for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
      if (values.confirmEmail.trim().toLowerCase() !== values.email.trim().toLowerCase())
        errors.confirmEmail = MESSAGES.emailsMismatch;
      return errors;
    },
  });

  useEffect(() => {
    if (invitation.data) {
      form.setValues({
        first_name: invitation.data.first_name,
        last_name: invitation.data.last_name,
        email: invitation.data.email,
        confirmEmail: invitation.data.email,
        phone_number: invitation.data.phone_number ?? '',
      });
    }
    // Only when the invitation arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitation.data]);

  function researcherPayload(values: Values) {
    return {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email.trim(),
      confirmEmail: values.confirmEmail,
      password: values.password,
      agreed_to_terms: values.agreed_to_terms,
      // 'Institution is not listed' (or none) leaves the institution out of the payload.
      ...(values.institution && values.institution !== NOT_LISTED
        ? { institution: Number(values.institution) }
        : {}),
      ...(values.orcid.trim() ? { orcid: values.orcid.trim() } : {}),
    };
  }

  function officialPayload(values: Values) {
    return {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email.trim(),
      password: values.password,
      agreed_to_terms: values.agreed_to_terms,
      title: values.title,
      phone_number: values.phone_number,
      token: token ?? '',
    };
  }

  const submit = form.onSubmit(async (values) => {
    try {
      if (isOfficial) {
        await apiFetch('register-user/', {
          method: 'POST',
          body: { ...officialPayload(values), ...(await bot.answer()) },
          handleStatus: [429],
        });
        notifications.show({
          color: 'green',
          title: 'Access Successfully Updated',
          message: 'Your account is ready. Please sign in.',
        });
        navigate('/login');
      } else {
        const { confirmEmail: _confirm, ...payload } = researcherPayload(values);
        await apiFetch('register-user/', {
          method: 'POST',
          body: { ...payload, ...(await bot.answer()) },
          handleStatus: [429],
        });
        navigate('/verify', { state: { from: '/register', email: payload.email } });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RECAPTCHA_FAILED' && bot.fallBack()) return;
      if (error instanceof ApiError) showServerErrors(error, form.setErrors);
    }
  });

  if (token && invitation.isError) {
    return (
      <Page title="Create an Account">
        <Alert color="red" role="alert" maw={640}>
          {invitation.error instanceof ApiError ? invitation.error.summary : MESSAGES.unexpectedError}
        </Alert>
      </Page>
    );
  }

  const blockClipboard = (event: React.ClipboardEvent) => event.preventDefault();
  const canCreate =
    form.values.agreed_to_terms && passwordMeetsCriteria(form.values.password) && !form.submitting;

  return (
    <Page title={isOfficial ? 'Create Your Signing Official Account' : 'Create an Account'}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="xl">
            <form onSubmit={submit} noValidate aria-label="Create an account">
              <Stack>
                {isOfficial && invitation.data && (
                  <Alert color="blue" title={`Signing official for ${invitation.data.institution.name}`}>
                    You were named signing official of {invitation.data.institution.name}. Create your account
                    to review and sign its Researcher Distribution Agreement.
                  </Alert>
                )}
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="First name"
                      required
                      autoComplete="given-name"
                      {...form.getInputProps('first_name')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Last name"
                      required
                      autoComplete="family-name"
                      {...form.getInputProps('last_name')}
                    />
                  </Grid.Col>
                </Grid>
                {isOfficial && (
                  <>
                    <TextInput label="Title" required {...form.getInputProps('title')} />
                    <TextInput
                      label="Phone number"
                      required
                      type="tel"
                      {...form.getInputProps('phone_number')}
                    />
                  </>
                )}
                <TextInput
                  label={isOfficial ? 'Email' : 'Institutional email'}
                  description={isOfficial ? undefined : 'Use the e-mail address your institution gave you.'}
                  type="email"
                  required
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Confirm email"
                  type="email"
                  required
                  autoComplete="off"
                  onPaste={blockClipboard}
                  onCopy={blockClipboard}
                  {...form.getInputProps('confirmEmail')}
                />
                <PasswordFields form={form} />
                {!isOfficial && (
                  <>
                    <Select
                      label="Institution"
                      placeholder="Search for your institution"
                      searchable
                      clearable
                      nothingFoundMessage="No institution matches"
                      data={[
                        ...(institutions.data?.results ?? []).map((institution) => ({
                          value: String(institution.id),
                          label: institution.name,
                        })),
                        { value: NOT_LISTED, label: 'Institution is not listed' },
                      ]}
                      limit={50}
                      {...form.getInputProps('institution')}
                    />
                    <TextInput
                      label="ORCID iD (optional)"
                      placeholder="0000-0000-0000-0000"
                      {...form.getInputProps('orcid')}
                    />
                  </>
                )}
                <Checkbox
                  label={
                    <>
                      I agree to the <TermsLink />
                    </>
                  }
                  {...form.getInputProps('agreed_to_terms', { type: 'checkbox' })}
                />
                {bot.widget}
                <Button
                  type="submit"
                  disabled={!canCreate || bot.waitingForChallenge}
                  loading={form.submitting}
                  w="fit-content"
                >
                  Create
                </Button>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg">
            <Text fw={600} mb="xs">
              Before you register
            </Text>
            <List size="sm" spacing="xs">
              <List.Item>Accounts are for principal investigators.</List.Item>
              <List.Item>Your institution’s signing official confirms your affiliation.</List.Item>
              <List.Item>
                Already registered?{' '}
                <Anchor component={Link} to="/login">
                  Sign in
                </Anchor>
              </List.Item>
            </List>
          </Card>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
