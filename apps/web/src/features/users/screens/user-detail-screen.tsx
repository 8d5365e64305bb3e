import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  can,
  DATASET_ACCESS_STATUS_LABELS,
  formatDate,
  formatDateTime,
  identityChangeRefusal,
  NO_VALUE,
  ROLE_LABELS,
  type UserDetailDto,
  type UserEmailDto,
  type UserPhoneDto,
} from '@rrp/domain';
import { apiFetch, type ListPage } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useActor } from '@/lib/use-can';
import { useDatasetAccessOf, useResendEmail, useUpdateUser, useUser, useWorkOf } from '../api/users';
import { USER_FIELD_LABELS, UserForm, userConflictSides } from '../components/user-form';
import { saveVersioned, useFormReload } from '@/components/versioned-save';
import { ActAsButton } from '../components/act-as-button';
import { ScrollContainer } from '@/components/scroll-table';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || NO_VALUE}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A table that scrolls sideways inside its card rather than widening the page on a phone. */
function ScrollTable({
  label,
  head,
  rows,
  empty,
}: {
  label: string;
  head: string[];
  rows: React.ReactNode[][];
  empty: string;
}) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <ScrollContainer minWidth={520} label={label}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((title) => (
              <Table.Th key={title}>{title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, index) => (
            <Table.Tr key={index}>
              {cells.map((cell, column) => (
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollContainer>
  );
}

/** E-mail addresses and phones, from GET user-email/?user= and user-phone/?user= (foundation §7). */
function Contacts({ user }: { user: UserDetailDto }) {
  const contacts = useQuery({
    queryKey: ['user-contacts', user.id],
    queryFn: async () => {
      const query = { user: user.id };
      const [emails, phones] = await Promise.all([
        apiFetch<ListPage<UserEmailDto>>('user-email/', { query }),
        apiFetch<ListPage<UserPhoneDto>>('user-phone/', { query }),
      ]);
      return { emails: emails.results, phones: phones.results };
    },
  });
  return (
    <Section title="E-mails and phones">
      <Stack gap="xs">
        <Field label="Sign-in e-mail">
          {user.pending_email
            ? `${user.email} (changing to ${user.pending_email}, pending confirmation)`
            : user.email}
        </Field>
        <Field label="Other e-mails">
          {contacts.data?.emails
            .map((row) => `${row.email}${row.verified ? '' : ' (unverified)'}`)
            .join(', ')}
        </Field>
        <Field label="Phones">
          {[user.phone_number, ...(contacts.data?.phones.map((row) => row.phone_number) ?? [])]
            .filter(Boolean)
            .join(', ')}
        </Field>
      </Stack>
    </Section>
  );
}

function Work({ user }: { user: UserDetailDto }) {
  const work = useWorkOf(user.id, true);
  return (
    <Section title="Projects and requests">
      <Stack>
        <ScrollTable
          label="Projects"
          head={['Project', 'Title']}
          empty="No Projects."
          rows={(work.data?.projects.results ?? []).map((project) => [
            <Anchor component={Link} to={`/project/${project.id}`} key="id">
              {project.portal_project_id}
            </Anchor>,
            project.title,
          ])}
        />
        <ScrollTable
          label="Requests"
          head={['Request', 'Resource', 'Status']}
          empty="No requests."
          rows={(work.data?.requests.results ?? []).map((request) => [
            <Anchor component={Link} to={`/request/${request.id}`} key="id">
              {request.portal_request_id}
            </Anchor>,
            request.display_name,
            request.status_name,
          ])}
        />
      </Stack>
    </Section>
  );
}

function DatasetAccess({ user }: { user: UserDetailDto }) {
  const access = useDatasetAccessOf(user.id, true);
  return (
    <Section title="Dataset access">
      <ScrollTable
        label="Dataset access"
        head={['Dataset', 'Access type', 'Status', 'Granted']}
        empty="No dataset access."
        rows={(access.data?.results ?? []).map((row) => [
          typeof row.dataset === 'object' ? row.dataset.name : `Dataset ${row.dataset}`,
          row.access_type,
          DATASET_ACCESS_STATUS_LABELS[row.status],
          formatDate(row.created),
        ])}
      />
    </Section>
  );
}

/** Resend e-mails and (de)activate: the admin form's actions on a user (decision 147). */
function AdminActions({ user }: { user: UserDetailDto }) {
  const resend = useResendEmail(user.id);
  const update = useUpdateUser(user.id);
  const sent = (result: { detail: string }) =>
    notifications.show({ color: 'green', title: 'Email Sent Successfully', message: result.detail });
  const toggleActive = () =>
    modals.openConfirmModal({
      title: user.active ? 'Deactivate user' : 'Activate user',
      children: (
        <Text size="sm">
          {user.active
            ? `${user.display_name} will be signed out and can no longer sign in.`
            : `${user.display_name} will be able to sign in again.`}
        </Text>
      ),
      labels: { confirm: user.active ? 'Deactivate' : 'Activate', cancel: 'Cancel' },
      confirmProps: { color: user.active ? 'red' : undefined },
      onConfirm: () => void update.mutateAsync({ body: { active: !user.active } }),
    });
  return (
    <Group gap="xs">
      {!user.verified && (
        <Button
          variant="default"
          loading={resend.isPending}
          onClick={() => void resend.mutateAsync(1).then(sent)}
        >
          Resend verification
        </Button>
      )}
      {!user.password_set && (
        <Button
          variant="default"
          loading={resend.isPending}
          onClick={() => void resend.mutateAsync(2).then(sent)}
        >
          Resend password e-mail
        </Button>
      )}
      <Button variant="default" color={user.active ? 'red' : undefined} onClick={toggleActive}>
        {user.active ? 'Deactivate' : 'Activate'}
      </Button>
    </Group>
  );
}

/** /user/{id}: the user page (staff §3 user), with the admin form's edit and actions for admins. */
export default function UserDetailScreen() {
  const id = Number(useParams().objectId);
  const actor = useActor();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const edit = useFormReload(() => user.refetch());
  const [editing, setEditing] = useState(false);
  const crumbs = [{ label: 'Users', to: '/user' }];
  if (!user.data)
    return (
      <Page title="User" crumbs={crumbs}>
        <Skeleton h={240} />
      </Page>
    );
  const data = user.data;
  // Unconditional grants: the admin form, not one's own profile (which is My Profile).
  const administers = can(actor, 'update', 'User');
  // Staff who read every project and request; not signing officials (staff §6).
  const seesWork = can(actor, 'read', 'Project') && can(actor, 'read', 'Request');
  const seesDatasets = can(actor, 'update', 'DatasetAccess');
  const seesInstitutions = can(actor, 'read', 'Institution');

  return (
    <Page
      title={data.display_name}
      crumbs={crumbs}
      actions={
        administers &&
        !editing && (
          <Group gap="xs">
            {/* The password links and activation of an account above the caller are not theirs (decision 306). */}
            {!identityChangeRefusal(
              { userId: actor?.userId ?? 0, role: actor?.role ?? null },
              data.id,
              data.groups,
            ) && <AdminActions user={data} />}
            <ActAsButton user={data} />
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Group>
        )
      }
    >
      {!data.active && (
        <Alert color="gray" title="Deactivated">
          This account is deactivated: the user cannot sign in.
        </Alert>
      )}
      {editing ? (
        <Card withBorder padding="xl">
          <UserForm
            key={edit.formKey}
            user={data}
            submitLabel="Save"
            onSubmit={async (payload) => {
              const saved = await saveVersioned({
                send: (ifMatch) => update.mutateAsync({ body: payload, ifMatch }),
                sides: (current) => userConflictSides(payload, data, current),
                labels: USER_FIELD_LABELS,
                reload: edit.reload,
              });
              if (!saved) return;
              setEditing(false);
              notifications.show({ color: 'green', title: 'Saved', message: 'The user was updated.' });
            }}
            onCancel={() => setEditing(false)}
          />
        </Card>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <Section title="Profile">
                <Grid>
                  {[
                    ['Name', data.full_name],
                    ['Title', data.title],
                    ['Globus username', data.profile.globus_username],
                    ['ORCID', data.orcid],
                    ['User type', data.additional_data.user_type],
                    [
                      'Status',
                      `${data.active ? 'Active' : 'Deactivated'}, ${data.verified ? 'verified' : 'unverified'}`,
                    ],
                    ['Date of last login', formatDateTime(data.last_login)],
                    ['Created', formatDate(data.created)],
                  ].map(([label, value]) => (
                    <Grid.Col span={{ base: 12, sm: 6 }} key={label}>
                      <Field label={label!}>{value}</Field>
                    </Grid.Col>
                  ))}
                </Grid>
              </Section>
              <Section title="Institutions">
                <ScrollTable
                  label="Institutions"
                  head={['Institution', 'Primary', 'Verified', 'Joinder date', 'Removal reason']}
                  empty="No institutions."
                  rows={data.user_institutions.map((link) => [
                    seesInstitutions ? (
                      <Anchor component={Link} to={`/institution/${link.institution}`} key="name">
                        {link.institution_name}
                      </Anchor>
                    ) : (
                      link.institution_name
                    ),
                    link.primary ? 'Yes' : 'No',
                    link.verified ? 'Yes' : 'No',
                    formatDate(link.joinder_date),
                    link.removal_reason ?? NO_VALUE,
                  ])}
                />
              </Section>
              {seesWork && <Work user={data} />}
              {seesDatasets && <DatasetAccess user={data} />}
              {data.impersonation_history && (
                <Section title="Impersonation history">
                  <ScrollTable
                    label="Impersonation history"
                    head={['When', 'Staff member', 'Event']}
                    empty="No one has acted as this user."
                    rows={data.impersonation_history.map((entry) => [
                      formatDateTime(entry.created),
                      entry.impersonator?.full_name || entry.impersonator?.email || NO_VALUE,
                      entry.log,
                    ])}
                  />
                </Section>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <Section title="Roles">
                {data.roles.length ? (
                  <Group gap="xs">
                    {data.roles.map((role) => (
                      <Badge key={role} variant="outline" color="blue.9">
                        {ROLE_LABELS[role]}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm">No roles.</Text>
                )}
              </Section>
              <Contacts user={data} />
              {data.comments !== null && (
                <Section title="Comments">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {data.comments || 'No comments.'}
                  </Text>
                </Section>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}
