import {
  Button,
  Checkbox,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LIMITS,
  ROLE_KEYS,
  ROLE_LABELS,
  USER_TYPES,
  can,
  grantableRoles,
  identityChangeRefusal,
  roleChangeErrors,
  userFormSchema,
  type CreateUser,
  type UserDetailDto,
  type UserForm as UserFormValues,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useActor } from '@/lib/use-can';
import { InstitutionMultiSelect } from './institution-multi-select';

/** A user may hold a few institutions; the list filter takes many more. */
const MAX_USER_INSTITUTIONS = 20;

function valuesOf(user?: UserDetailDto): UserFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    title: user?.title ?? '',
    groups: user?.roles ?? [],
    institutions:
      user?.user_institutions
        .filter((link) => link.removal_reason === null)
        .map((link) => link.institution) ?? [],
    globus_username: user?.profile.globus_username ?? '',
    user_type: (user?.additional_data.user_type as UserFormValues['user_type']) ?? null,
    comments: user?.comments ?? '',
  };
}

/** The form's values as POST user/ and PATCH user/{id}/ take them. */
function payloadOf(values: UserFormValues, withComments: boolean): CreateUser {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    title: values.title.trim() || null,
    groups: values.groups,
    institutions: values.institutions,
    profile: { globus_username: values.globus_username.trim() || null },
    additional_data: { user_type: values.user_type },
    ...(withComments ? { comments: values.comments.trim() || null } : {}),
  };
}

/** The form's label of each field the conflict dialog shows. */
export const USER_FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  title: 'Title',
  groups: 'Roles',
  institutions: 'Institutions',
  globus_username: 'Globus username',
  user_type: 'User type',
  comments: 'Comments',
};

/**
 * The form's body as the conflict dialog shows it: roles and institutions by name, the nested
 * Globus username and user type as fields of their own.
 */
function conflictViewOf(
  body: CreateUser,
  institutionNames: ReadonlyMap<number, string>,
): Record<string, unknown> {
  const { profile, additional_data: additional, groups, institutions, ...rest } = body;
  return {
    ...rest,
    groups: (groups ?? []).map((role) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role),
    institutions: (institutions ?? []).map((id) => institutionNames.get(id) ?? `Institution ${id}`),
    globus_username: profile?.globus_username ?? null,
    user_type: additional?.user_type ?? null,
  };
}

/**
 * The conflict dialog's two sides of a user edit: the form's body, and the user as it is now
 * (null: gone) as the form would send it (comments included: only what was sent is compared).
 */
export function userConflictSides(
  body: CreateUser,
  shown: UserDetailDto,
  answer: Record<string, unknown> | null,
) {
  const current = answer as UserDetailDto | null;
  const names = new Map(
    [...shown.user_institutions, ...(current?.user_institutions ?? [])].map((link) => [
      link.institution,
      link.institution_name,
    ]),
  );
  return {
    mine: conflictViewOf(body, names),
    theirs: current ? conflictViewOf(payloadOf(valuesOf(current), true), names) : {},
  };
}

/** Where the server's field names show on this form (staff §7: an institution error on institutions). */
const FIELD_OF: Record<string, keyof UserFormValues> = {
  institution: 'institutions',
  institutions: 'institutions',
  profile: 'globus_username',
  additional_data: 'user_type',
};

/**
 * The admin user form (staff §2.12), for a new user and for editing one: the same schema and
 * role rules as the server, so the messages match; server errors show on their fields.
 */
export function UserForm({
  user,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The user being edited; absent when creating. */
  user?: UserDetailDto;
  submitLabel: string;
  onSubmit: (payload: CreateUser) => Promise<unknown>;
  onCancel: () => void;
}) {
  const actor = useActor();
  const granter = { userId: actor?.userId ?? 0, role: actor?.role ?? null };
  const grantable = grantableRoles(granter);
  // An account holding a role the caller may not grant: its e-mail and roles are not theirs to
  // change (decision 306); the rest of the form still saves, with both sent back unchanged.
  const identityLocked = user ? identityChangeRefusal(granter, user.id, user.groups) : null;
  const emailNote =
    identityLocked ??
    (user?.pending_email
      ? `Changing to ${user.pending_email}: pending confirmation from that address.`
      : user
        ? 'A new address takes effect once confirmed from its mailbox; the current one is told.'
        : undefined);
  const withComments = can(actor, 'update', 'UserComment');
  const form = useForm<UserFormValues>({
    initialValues: valuesOf(user),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = userFormSchema.safeParse(values);
      if (!parsed.success)
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      const [roleError] = roleChangeErrors({
        granter,
        targetUserId: user?.id ?? null,
        before: user?.roles ?? [],
        after: values.groups,
      });
      if (roleError) errors.groups = roleError;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(payloadOf(values, withComments));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return;
      const errors: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        const field = FIELD_OF[key.split('.')[0]!] ?? key.split('.')[0]!;
        errors[field] ??= message;
      }
      form.setErrors(errors);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={user ? 'Edit user' : 'New user'}>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="First name"
              required
              maxLength={LIMITS.field.name}
              {...form.getInputProps('first_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Last name"
              required
              maxLength={LIMITS.field.name}
              {...form.getInputProps('last_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Email"
              type="email"
              required
              maxLength={LIMITS.field.email}
              description={emailNote}
              disabled={Boolean(identityLocked)}
              {...form.getInputProps('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Title" maxLength={LIMITS.field.title} {...form.getInputProps('title')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Checkbox.Group
              label="Roles"
              description="Some roles exclude each other; you cannot change your own roles."
              {...form.getInputProps('groups')}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
                {ROLE_KEYS.map((role) => (
                  <Checkbox
                    key={role}
                    value={role}
                    label={ROLE_LABELS[role]}
                    disabled={
                      !grantable.includes(role) || user?.id === actor?.userId || Boolean(identityLocked)
                    }
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Grid.Col>
          <Grid.Col span={12}>
            <InstitutionMultiSelect
              label="Institutions"
              description="The first one is the user's primary institution."
              maxValues={MAX_USER_INSTITUTIONS}
              value={form.values.institutions.map(String)}
              onChange={(ids) => form.setFieldValue('institutions', ids.map(Number))}
              error={form.errors.institutions}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Globus username"
              description="user@globusid.org, or a Globus UUID"
              {...form.getInputProps('globus_username')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label="User type" data={[...USER_TYPES]} clearable {...form.getInputProps('user_type')} />
          </Grid.Col>
          {withComments && (
            <Grid.Col span={12}>
              <Textarea label="Comments" autosize minRows={3} {...form.getInputProps('comments')} />
            </Grid.Col>
          )}
        </Grid>
        {!user && (
          <Text size="sm" c="gray.7">
            The new user receives an e-mail with a link to set their password.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
