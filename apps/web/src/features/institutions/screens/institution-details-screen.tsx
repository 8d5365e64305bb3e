import { useEffect } from 'react';
import { Button, Card, Grid, Radio, Skeleton, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { MESSAGES, type InstitutionDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { SUPPORT_EMAIL } from '@/lib/config';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { saveVersioned } from '@/components/versioned-save';
import { useInstitution, useUpdateInstitution } from '../api/institutions';
import { editPayloadOf, INSTITUTION_FIELD_LABELS } from '../components/institution-form';

interface Values {
  name: string;
  official_name: string;
  ein: string;
  phone_number: string;
  nonprofit: string;
  domains: string[];
}

/** /institution-details: the signing official confirms their institution's details; it then goes to review. */
export default function InstitutionDetailsScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const institutionId = user?.institutionId ?? 0;
  const institution = useInstitution(institutionId);
  const update = useUpdateInstitution(institutionId);
  const form = useForm<Values>({
    initialValues: { name: '', official_name: '', ein: '', phone_number: '', nonprofit: 'true', domains: [] },
    validate: {
      name: (value) => (value.trim() ? null : 'Please provide an institution'),
      official_name: (value) => (value.trim() ? null : 'Please provide an institution'),
      phone_number: (value) => (value.trim() ? null : 'Please provide a phone number'),
    },
  });
  const fill = (data: InstitutionDto) =>
    form.setValues({
      name: data.name,
      official_name: data.official_name,
      ein: data.ein ?? '',
      phone_number: data.phone_number ?? '',
      nonprofit: String(data.nonprofit),
      domains: data.domains,
    });
  useEffect(() => {
    // Fill the form once the institution arrives.
    if (institution.data) fill(institution.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [institution.data]);

  if (!institution.data) {
    return (
      <Page title="Institution Details">
        <Skeleton h={320} />
      </Page>
    );
  }

  const submit = form.onSubmit(async (values) => {
    const body = {
      name: values.name,
      official_name: values.official_name,
      ein: values.ein.trim() || null,
      phone_number: values.phone_number,
      nonprofit: values.nonprofit === 'true',
      domains: values.domains,
    };
    try {
      // Sent from the version shown: a staff member's change meanwhile opens the conflict dialog.
      const saved = await saveVersioned({
        send: (ifMatch) => update.mutateAsync({ body, ifMatch }),
        sides: (current) => ({
          mine: body,
          theirs: current ? editPayloadOf(current as unknown as InstitutionDto) : {},
        }),
        labels: INSTITUTION_FIELD_LABELS,
        reload: async () => {
          const { data } = await institution.refetch();
          if (data) fill(data);
        },
      });
      if (saved) navigate('/verify', { state: { from: '/institution-details' } });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.fieldErrors.ein === MESSAGES.einExists) {
        modals.open({
          title: MESSAGES.einExists,
          children: (
            <Text size="sm">
              Another institution is registered with this EIN. If it is yours, contact {SUPPORT_EMAIL} and we
              will help you.
            </Text>
          ),
        });
      }
      form.setErrors(error.fieldErrors);
    }
  });

  return (
    <Page title="Institution Details">
      <Card withBorder padding="xl" maw={820}>
        <form onSubmit={submit} noValidate aria-label="Institution details">
          <Stack>
            <Text>
              You were named signing official of {institution.data.name}. Please check its details; the
              foundation then reviews the institution.
            </Text>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Common name" required maxLength={100} {...form.getInputProps('name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Official (legal) name"
                  required
                  maxLength={100}
                  {...form.getInputProps('official_name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="EIN" maxLength={25} {...form.getInputProps('ein')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Phone number"
                  required
                  type="tel"
                  maxLength={30}
                  {...form.getInputProps('phone_number')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TagsInput
                  label="E-mail domains"
                  description="For example harbor.edu; press Enter after each."
                  {...form.getInputProps('domains')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Radio.Group label="Institution type" {...form.getInputProps('nonprofit')}>
                  <Stack gap="xs" mt="xs">
                    <Radio value="true" label="Non-profit" />
                    <Radio value="false" label="For-profit" />
                  </Stack>
                </Radio.Group>
              </Grid.Col>
            </Grid>
            <Button type="submit" loading={form.submitting} w="fit-content">
              Submit for review
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
