import { useState } from 'react';
import { Alert, Button, Card, Grid, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { officialDataSchema, MESSAGES } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import {
  emptyOfficial,
  OfficialFields,
  officialErrors,
  type OfficialValues,
} from '../components/official-fields';

interface Values {
  institution_data: { name: string; official_name: string };
  io_data: OfficialValues;
}

interface Suggestion {
  id: number;
  name: string;
}

function SuggestionsForm({
  message,
  suggestions,
  failures,
  allowNew,
  onPick,
  onNew,
}: {
  message: string;
  suggestions: Suggestion[];
  failures: number;
  allowNew: boolean;
  onPick: (id: number) => void;
  onNew: () => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Stack>
      <Text size="sm">{message}</Text>
      <Radio.Group value={choice} onChange={setChoice} label="Institutions">
        <Stack gap="xs" mt="xs">
          {suggestions.map((suggestion) => (
            <Radio key={suggestion.id} value={String(suggestion.id)} label={suggestion.name} />
          ))}
        </Stack>
      </Radio.Group>
      {failures >= 2 && (
        <Alert color="blue">
          Still not finding your institution? Contact {SUPPORT_EMAIL} and we will help.
        </Alert>
      )}
      <Stack gap="xs">
        <Button disabled={!choice} onClick={() => choice && onPick(Number(choice))}>
          This is my institution
        </Button>
        {allowNew && (
          <Button variant="default" onClick={onNew}>
            My institution is not listed
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** /provide-institution: a researcher without an institution proposes it and names its signing official. */
export default function ProvideInstitutionScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failures, setFailures] = useState(0);
  const form = useForm<Values>({
    initialValues: { institution_data: { name: '', official_name: '' }, io_data: emptyOfficial },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.institution_data.name.trim())
        errors['institution_data.name'] = 'Please provide an institution';
      if (!values.institution_data.official_name.trim())
        errors['institution_data.official_name'] = 'Please provide an institution';
      const official = officialDataSchema.safeParse(values.io_data);
      if (!official.success)
        for (const issue of official.error.issues)
          errors[`io_data.${String(issue.path[0])}`] ??= issue.message;
      if (values.io_data.email.trim().toLowerCase() === user?.email.toLowerCase())
        errors['io_data.email'] = MESSAGES.selfAsOfficial;
      return errors;
    },
  });
  // Foundation §2: someone who already has an institution has nothing to provide.
  const [hadInstitution] = useState(() => Boolean(user?.institutionId));
  if (hadInstitution) return <Navigate to="/" replace />;

  const done = async () => {
    navigate('/thank-you?reason=pr_add_sbso');
    await queryClient.invalidateQueries();
  };

  const join = async (institution: number) => {
    modals.closeAll();
    await apiFetch('user-institution/', { method: 'POST', body: { institution, primary: true } });
    await queryClient.invalidateQueries();
    navigate('/');
  };

  const send = async (values: Values, confirmDuplicateDomain = false) => {
    try {
      const io = values.io_data.phone_number
        ? values.io_data
        : { ...values.io_data, phone_number: undefined };
      await apiFetch('institution-helper/', {
        method: 'POST',
        body: {
          institution_data: values.institution_data,
          io_data: io,
          ...(confirmDuplicateDomain ? { confirm_duplicate_domain: true } : {}),
        },
      });
      await done();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'DUPLICATE_DOMAIN' || error.code === 'DUPLICATE_NAME') {
        const attempts = failures + 1;
        setFailures(attempts);
        modals.open({
          title: 'Suggested Institutions',
          children: (
            <SuggestionsForm
              message={error.summary}
              suggestions={(error.body.suggestions as Suggestion[]) ?? []}
              failures={attempts}
              allowNew={error.code === 'DUPLICATE_DOMAIN'}
              onPick={(id) => void join(id)}
              onNew={() => {
                modals.closeAll();
                void send(values, true);
              }}
            />
          ),
        });
        return;
      }
      const fields = officialErrors(error.fieldErrors);
      form.setErrors(fields);
      if (fields.non_field_errors) {
        modals.open({
          title: 'Sorry, there was a problem with your request',
          children: <Text size="sm">{fields.non_field_errors}</Text>,
        });
      }
    }
  };

  return (
    <Page title="Provide Your Institution">
      <Card withBorder padding="xl" maw={820}>
        <form
          onSubmit={form.onSubmit((values) => send(values))}
          noValidate
          aria-label="Provide your institution"
        >
          <Stack>
            <Text>
              Your institution is not in our list yet. Tell us its name and who signs agreements for it: we
              will invite that person to confirm the institution and sign its Researcher Distribution
              Agreement.
            </Text>
            <Title order={2} fz="lg">
              Institution
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Common name"
                  required
                  maxLength={100}
                  {...form.getInputProps('institution_data.name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Official (legal) name"
                  required
                  maxLength={100}
                  {...form.getInputProps('institution_data.official_name')}
                />
              </Grid.Col>
            </Grid>
            <Title order={2} fz="lg">
              Signing official
            </Title>
            <OfficialFields form={form} />
            <Button type="submit" loading={form.submitting} w="fit-content">
              Submit
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
