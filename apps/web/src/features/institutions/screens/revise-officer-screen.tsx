import { Button, Card, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES, officialDataSchema } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import {
  emptyOfficial,
  OfficialFields,
  officialErrors,
  type OfficialValues,
} from '../components/official-fields';

/** /revise-institution-officer: the researcher names a new signing official for their institution. */
export default function ReviseOfficerScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<{ io_data: OfficialValues }>({
    initialValues: { io_data: emptyOfficial },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const official = officialDataSchema.safeParse(values.io_data);
      if (!official.success)
        for (const issue of official.error.issues)
          errors[`io_data.${String(issue.path[0])}`] ??= issue.message;
      if (values.io_data.email.trim().toLowerCase() === user?.email.toLowerCase())
        errors['io_data.email'] = MESSAGES.selfAsOfficial;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const io = values.io_data.phone_number
        ? values.io_data
        : { ...values.io_data, phone_number: undefined };
      await apiFetch('institution-helper/', {
        method: 'PATCH',
        body: { institution: user?.institutionId, io_data: io },
      });
      await queryClient.invalidateQueries();
      navigate('/thank-you?reason=pr_add_sbso');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = officialErrors(error.fieldErrors);
      form.setErrors(fields);
      if (fields.non_field_errors) {
        modals.open({
          title: 'Sorry, there was a problem with your request',
          children: <Text size="sm">{fields.non_field_errors}</Text>,
        });
      }
    }
  });

  return (
    <Page title="Name a New Signing Official">
      <Card withBorder padding="xl" maw={820}>
        <form onSubmit={submit} noValidate aria-label="Name a new signing official">
          <Stack>
            <Text>
              Your institution needs a signing official who can confirm it and sign its Researcher
              Distribution Agreement. We will invite the person you name.
            </Text>
            <OfficialFields form={form} />
            <Button type="submit" loading={form.submitting} w="fit-content">
              Send invitation
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
