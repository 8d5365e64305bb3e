import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBan, IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { can, formatDate, type InstitutionDto, type UserInstitutionDto } from '@rrp/domain';
import { AuditTrail } from '@/components/history';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useActor, useCan } from '@/lib/use-can';
import {
  useAddRda,
  useDeactivateInstitution,
  useInstitution,
  useUpdateInstitution,
} from '../api/institutions';
import { InstitutionStatusBadge, RdaStatusBadge } from '../components/status-badge';
import { ReviewActions } from '../components/review-actions';
import { saveVersioned, useFormReload } from '@/components/versioned-save';
import { editPayloadOf, INSTITUTION_FIELD_LABELS, InstitutionForm } from '../components/institution-form';
import { DeleteInstitutionModal } from '../components/delete-institution-modal';

const DEACTIVATED = 6;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function Researchers({ institutionId }: { institutionId: number }) {
  const links = useQuery({
    queryKey: ['institution-members', institutionId],
    queryFn: () =>
      apiFetch<{ results: UserInstitutionDto[] }>('user-institution/', {
        query: { institution: institutionId, expand: 'user', limit: 200 },
      }),
  });
  const rows = links.data?.results ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Affiliated researchers
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">No researchers are affiliated to this institution.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Verified</Table.Th>
              <Table.Th>Joinder</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((link) => {
              const user = typeof link.user === 'object' ? link.user : null;
              return (
                <Table.Tr key={link.id}>
                  <Table.Td>{user ? user.full_name : `User ${String(link.user)}`}</Table.Td>
                  <Table.Td>{user?.email}</Table.Td>
                  <Table.Td>{link.verified ? 'Yes' : 'Not yet'}</Table.Td>
                  <Table.Td>{link.joinder_date ? formatDate(link.joinder_date) : 'Not signed'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** The administrator's actions on an institution (staff §2.9): edit, deactivate, delete. */
function AdminMenu({
  institution,
  onEdit,
  onDelete,
}: {
  institution: InstitutionDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const deactivate = useDeactivateInstitution(institution.id);
  const confirmDeactivation = () =>
    modals.openConfirmModal({
      title: 'Deactivate institution',
      children: (
        <Text size="sm">
          {institution.name} will need a new signing official (status Primary Researcher Adding New SBSO) and
          its current RDA will be cleared. Its researchers and their requests stay.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        deactivate.mutate(undefined, {
          onSuccess: (saved) =>
            notifications.show({
              color: 'green',
              title: 'Institution deactivated',
              message: saved.status_name,
            }),
        }),
    });
  return (
    // Kept inside the page's landmarks for screen readers.
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit institution
        </Menu.Item>
        <Menu.Item
          leftSection={<IconBan size={16} aria-hidden />}
          disabled={institution.status === DEACTIVATED}
          onClick={confirmDeactivation}
        >
          Deactivate
        </Menu.Item>
        <Menu.Item color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete institution
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** /institution/{id}: details, the administrator's review, researchers and the audit trail. */
export default function InstitutionDetailScreen() {
  const id = Number(useParams().objectId);
  const navigate = useNavigate();
  const institution = useInstitution(id);
  const data = institution.data;
  const canReview = useCan(data, 'review');
  const canUpdate = useCan(data, 'update');
  const canDelete = useCan(data, 'delete');
  const update = useUpdateInstitution(id);
  const edit = useFormReload(() => institution.refetch());
  const addRda = useAddRda();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const actor = useActor();
  if (!data) {
    return (
      <Page title="Institution" crumbs={[{ label: 'Institutions', to: '/institution' }]}>
        <Skeleton h={240} />
      </Page>
    );
  }
  const official = data.current_io && typeof data.current_io === 'object' ? data.current_io : null;
  return (
    <Page
      title={data.name}
      crumbs={[{ label: 'Institutions', to: '/institution' }]}
      actions={
        <Group justify="space-between">
          <Group gap="xs">
            <InstitutionStatusBadge status={data.status} />
            <RdaStatusBadge status={data.rda_status} />
            {data.is_unresponsive && (
              <Badge color="red.9" variant="light">
                Unresponsive
              </Badge>
            )}
          </Group>
          {canReview && canDelete && !editing && (
            <AdminMenu
              institution={data}
              onEdit={() => setEditing(true)}
              onDelete={() => setDeleting(true)}
            />
          )}
        </Group>
      }
    >
      {canDelete && (
        <DeleteInstitutionModal institution={data} opened={deleting} onClose={() => setDeleting(false)} />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {editing ? (
              <Card withBorder padding="lg">
                <Title order={2} fz="lg" mb="sm">
                  Edit institution
                </Title>
                <InstitutionForm
                  key={edit.formKey}
                  institution={data}
                  submitLabel="Save Changes"
                  failureTitle="Failed to update object"
                  onSubmit={async ({ status: _status, ...payload }) => {
                    const saved = await saveVersioned({
                      send: (ifMatch) => update.mutateAsync({ body: payload, ifMatch }),
                      sides: (current) => ({
                        mine: payload,
                        theirs: current ? editPayloadOf(current as unknown as InstitutionDto) : {},
                      }),
                      labels: INSTITUTION_FIELD_LABELS,
                      reload: edit.reload,
                    });
                    if (!saved) return;
                    setEditing(false);
                    notifications.show({
                      color: 'green',
                      title: 'Institution updated',
                      message: 'Your changes are saved.',
                    });
                  }}
                  onCancel={() => setEditing(false)}
                />
              </Card>
            ) : (
              <Card withBorder padding="lg">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Field label="Official name">{data.official_name}</Field>
                  <Field label="EIN">{data.ein}</Field>
                  <Field label="Domains">{data.domains.join(', ')}</Field>
                  <Field label="Other names">{data.associated_names.join(', ')}</Field>
                  <Field label="Phone">{data.phone_number}</Field>
                  <Field label="Type">{data.nonprofit ? 'Non-profit' : 'For-profit'}</Field>
                  <Field label="Signing official">
                    {official ? `${official.full_name} (${official.email})` : 'None yet'}
                  </Field>
                  <Field label="Created">{formatDate(data.created)}</Field>
                </SimpleGrid>
                {data.comments && (
                  <Text size="sm" mt="md">
                    <strong>Comments:</strong> {data.comments}
                  </Text>
                )}
              </Card>
            )}
            <Researchers institutionId={id} />
            {/* Staff, and the institution's own signing official (decision 127). */}
            {can(actor, 'list', 'History', { currentIoId: official?.id ?? null }) && (
              <AuditTrail model="institution" objectId={id} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            {canReview && (
              <Card withBorder padding="lg">
                <Title order={2} fz="lg" mb="sm">
                  Review
                </Title>
                <ReviewActions institution={data} />
              </Card>
            )}
            <Card withBorder padding="lg">
              <Title order={2} fz="lg" mb="sm">
                Researcher Distribution Agreement
              </Title>
              {data.current_rda ? (
                <Button component={Link} to={`/rda/${data.current_rda}`} variant="light">
                  View RDA
                </Button>
              ) : (
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">No RDA at this time.</Text>
                  {canDelete && (
                    <Button
                      variant="light"
                      loading={addRda.isPending}
                      onClick={() =>
                        addRda.mutate(data.id, {
                          onSuccess: (saved) => navigate(`/rda/${saved.current_rda}`),
                          onError: (error) =>
                            notifications.show({
                              color: 'red',
                              title: 'Failed to update object',
                              message: error instanceof ApiError ? error.summary : '',
                            }),
                        })
                      }
                    >
                      Add new RDA
                    </Button>
                  )}
                </Stack>
              )}
              {canUpdate && !canReview && (
                <Anchor component={Link} to="/institution-details" size="sm" display="block" mt="sm">
                  Update the institution details
                </Anchor>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
