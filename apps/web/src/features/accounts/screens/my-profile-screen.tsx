import { useEffect } from 'react';
import {
  Box,
  Button,
  Card,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { globusUsernameSchema, SHIPPING_VENDORS, type UpdateProfile, type UserProfileDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { meQueryKey, useSession } from '@/lib/session';
import { profileQueryKey, saveProfile, useProfile } from '@/lib/profile';
import { OrcidLinkButton } from '../components/orcid-link-button';
import { AddedEmailAddresses } from '../components/added-email-addresses';
import { CalendarFeedCard } from '../components/calendar-feed-card';

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'title',
  'phone_number',
  'address',
  'city',
  'region',
  'postal_code',
  'country',
  'shipping_vendor_account_number',
  'globus_username',
  'orcid',
] as const;

type Values = Record<(typeof TEXT_FIELDS)[number], string> & {
  shipping_vendor: string | null;
  emails: string[];
  phone_numbers: string[];
  reminder_email_opted_in: boolean;
};

function toValues(profile: UserProfileDto): Values {
  const values = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, profile[field] ?? '']),
  ) as unknown as Values;
  return {
    ...values,
    shipping_vendor: profile.shipping_vendor,
    emails: profile.emails,
    phone_numbers: profile.phone_numbers,
    reminder_email_opted_in: profile.reminder_email_opted_in ?? true,
  };
}

/** Only what changed is sent (researcher §7 "PATCH user/{id} with changed profile fields"). */
function changes(before: Values, after: Values): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof Values]),
    ),
  );
}

export default function MyProfileScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const profile = useProfile(user?.id);
  const form = useForm<Values>({
    initialValues: toValues({
      ...({} as UserProfileDto),
      emails: [],
      email_addresses: [],
      phone_numbers: [],
      shipping_vendor: null,
    }),
    validate: {
      first_name: (value) => (value.trim() ? null : 'First name is required'),
      last_name: (value) => (value.trim() ? null : 'Last name is required'),
      globus_username: (value) =>
        !value || globusUsernameSchema.safeParse(value).success ? null : 'Not a valid Globus Id or Username',
    },
  });
  useEffect(() => {
    if (profile.data) {
      form.setInitialValues(toValues(profile.data));
      form.setValues(toValues(profile.data));
    }
    // Reset the form when the saved profile changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveProfile(user!.id, body as UpdateProfile),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey(user?.id), saved);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      notifications.show({ color: 'green', title: 'Profile saved', message: 'Your changes are saved.' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) form.setErrors(error.fieldErrors);
    },
  });

  if (!profile.data) {
    return (
      <Page title="My Profile">
        <Skeleton h={320} />
      </Page>
    );
  }

  const submit = form.onSubmit((values) => {
    const body = changes(form.getInitialValues(), values);
    if (Object.keys(body).length > 0) save.mutate(body);
  });

  return (
    <Page title="My Profile">
      <form onSubmit={submit} noValidate aria-label="My Profile">
        <Stack>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="md">
              About you
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="First name" required {...form.getInputProps('first_name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Last name" required {...form.getInputProps('last_name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Title" {...form.getInputProps('title')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Email"
                  value={profile.data.email}
                  readOnly
                  description={
                    profile.data.pending_email
                      ? `Your sign-in address. Changing to ${profile.data.pending_email}: pending confirmation from that address.`
                      : 'Your sign-in address.'
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Stack gap="xs">
                  <TagsInput
                    label="Other email addresses"
                    description="Press Enter after each. We e-mail each new address a link to confirm it; it counts once confirmed."
                    {...form.getInputProps('emails')}
                  />
                  <AddedEmailAddresses userId={profile.data.id} addresses={profile.data.email_addresses} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TagsInput label="Other phone numbers" {...form.getInputProps('phone_numbers')} />
              </Grid.Col>
            </Grid>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="md">
              Shipping
            </Title>
            <Grid>
              <Grid.Col span={12}>
                <TextInput label="Address" {...form.getInputProps('address')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="City" {...form.getInputProps('city')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="State or region" {...form.getInputProps('region')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Postal code" {...form.getInputProps('postal_code')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Country" {...form.getInputProps('country')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Shipping vendor"
                  data={[...SHIPPING_VENDORS]}
                  clearable
                  {...form.getInputProps('shipping_vendor')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Shipping account number"
                  {...form.getInputProps('shipping_vendor_account_number')}
                />
              </Grid.Col>
            </Grid>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="md">
              Research identity
            </Title>
            <Grid align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Globus username"
                  description="An identity like you@globusid.org, or its UUID."
                  {...form.getInputProps('globus_username')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="ORCID iD"
                  placeholder="0000-0000-0000-0000"
                  {...form.getInputProps('orcid')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <OrcidLinkButton onLinked={(orcid) => form.setFieldValue('orcid', orcid)} />
              </Grid.Col>
            </Grid>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="md">
              Reminders
            </Title>
            <Switch
              label="E-mail me reminders about work waiting for me"
              description="Reviews due soon, an agreement to sign, a request waiting for your revisions. Reminders still appear under the bell."
              {...form.getInputProps('reminder_email_opted_in', { type: 'checkbox' })}
            />
          </Card>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <Box mt="md">
        <CalendarFeedCard />
      </Box>
    </Page>
  );
}
