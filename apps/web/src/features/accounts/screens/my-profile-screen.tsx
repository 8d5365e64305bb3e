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
import { saveVersioned, versionedRequest } from '@/components/versioned-save';
import { meQueryKey, useSession } from '@/lib/session';
import { profileQueryKey, saveProfile, useProfile } from '@/lib/profile';
import { OrcidLinkButton } from '../components/orcid-link-button';
import { AddedEmailAddresses } from '../components/added-email-addresses';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import {
  EMPTY_PROFILE_VALUES,
  PROFILE_FIELD_LABELS as LABELS,
  profileChangesOf,
  profileConflictSides,
  profileValuesOf,
  type ProfileValues,
} from '../components/profile-values';

export default function MyProfileScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const profile = useProfile(user?.id);
  const form = useForm<ProfileValues>({
    initialValues: EMPTY_PROFILE_VALUES,
    validate: {
      first_name: (value) => (value.trim() ? null : 'First name is required'),
      last_name: (value) => (value.trim() ? null : 'Last name is required'),
      globus_username: (value) =>
        !value || globusUsernameSchema.safeParse(value).success ? null : 'Not a valid Globus Id or Username',
    },
  });
  const showProfile = (shown: UserProfileDto) => {
    form.setInitialValues(profileValuesOf(shown));
    form.setValues(profileValuesOf(shown));
  };
  useEffect(() => {
    if (profile.data) showProfile(profile.data);
    // Reset the form when the saved profile changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data]);

  // Sent with the version of the profile the form showed (issue 33): when someone else (an
  // administrator on /user/{id}) saved first, the shared conflict dialog asks what to keep.
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      saveVersioned({
        send: (ifMatch) => saveProfile(user!.id, body as UpdateProfile, versionedRequest(ifMatch)),
        sides: (current) => profileConflictSides(body, current),
        labels: LABELS,
        // Theirs, even when what the form shows of it did not change (the effect would not run).
        reload: async () => {
          const fresh = await profile.refetch();
          if (fresh.data) showProfile(fresh.data);
        },
      }),
    onSuccess: (saved) => {
      // Nothing was saved: theirs reloaded, or the dialog closed keeping what was typed.
      if (!saved) return;
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
    const body = profileChangesOf(form.getInitialValues(), values);
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
                <TextInput label={LABELS.first_name} required {...form.getInputProps('first_name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.last_name} required {...form.getInputProps('last_name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.title} {...form.getInputProps('title')} />
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
                    label={LABELS.emails}
                    description="Press Enter after each. We e-mail each new address a link to confirm it; it counts once confirmed."
                    {...form.getInputProps('emails')}
                  />
                  <AddedEmailAddresses userId={profile.data.id} addresses={profile.data.email_addresses} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.phone_number} type="tel" {...form.getInputProps('phone_number')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TagsInput label={LABELS.phone_numbers} {...form.getInputProps('phone_numbers')} />
              </Grid.Col>
            </Grid>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} fz="lg" mb="md">
              Shipping
            </Title>
            <Grid>
              <Grid.Col span={12}>
                <TextInput label={LABELS.address} {...form.getInputProps('address')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.city} {...form.getInputProps('city')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.region} {...form.getInputProps('region')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.postal_code} {...form.getInputProps('postal_code')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={LABELS.country} {...form.getInputProps('country')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={LABELS.shipping_vendor}
                  data={[...SHIPPING_VENDORS]}
                  clearable
                  {...form.getInputProps('shipping_vendor')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={LABELS.shipping_vendor_account_number}
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
                  label={LABELS.globus_username}
                  description="An identity like you@globusid.org, or its UUID."
                  {...form.getInputProps('globus_username')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={LABELS.orcid}
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
              label={LABELS.reminder_email_opted_in}
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
