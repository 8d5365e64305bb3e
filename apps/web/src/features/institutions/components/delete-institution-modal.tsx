import { Alert, Button, Group, List, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { INSTITUTION_MESSAGES, type DeletionRequestDto, type InstitutionDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useDeleteInstitution, useDeletionPreview } from '../api/institutions';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function RequestTable({ label, requests }: { label: string; requests: DeletionRequestDto[] }) {
  return (
    <Table withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Request</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Owner</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((request) => (
          <Table.Tr key={request.id}>
            <Table.Td>{request.portal_request_id ?? request.id}</Table.Td>
            <Table.Td>{request.status_name}</Table.Td>
            <Table.Td>{request.owner.full_name}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Deleting an institution (foundation §5, staff §5): blocked while its users have approved,
 * rejected or fulfilled requests (listed); otherwise a warning naming the accounts and open
 * requests that are deleted with it.
 */
export function DeleteInstitutionModal({
  institution,
  opened,
  onClose,
}: {
  institution: InstitutionDto;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const preview = useDeletionPreview(institution.id, opened);
  const remove = useDeleteInstitution(institution.id);
  const plan = preview.data;

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        onClose();
        notifications.show({
          color: 'green',
          title: 'Institution Deleted Successfully',
          message: `${institution.name} has been removed from the system.`,
        });
        navigate('/institution');
      },
      onError: (error) => {
        // Someone filed or decided a request meanwhile: show what blocks it now.
        if (error instanceof ApiError && error.status === 400) void preview.refetch();
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Delete ${institution.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Inside the page's main landmark, so the modal's <header> is no second banner.
      withinPortal={false}
    >
      {!plan ? (
        <Skeleton h={160} />
      ) : !plan.deletable ? (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Unable to Delete Institution">
            {INSTITUTION_MESSAGES.deletionBlocked}
          </Alert>
          <Title order={3} fz="md">
            Blocking requests
          </Title>
          <RequestTable label="Blocking requests" requests={plan.blocking_requests} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="This cannot be undone">
            Deleting {institution.name} also deletes{' '}
            {plan.users.length === 0 ? 'no user accounts' : plural(plan.users.length, 'user account')} and{' '}
            {plan.open_requests.length === 0
              ? 'no requests'
              : plural(plan.open_requests.length, 'open request')}
            , with its RDA {plan.rda_files === 1 ? 'file' : 'files'} and invitations.
          </Alert>
          {plan.users.length > 0 && (
            <div>
              <Title order={3} fz="md" mb="xs">
                Users deleted with it
              </Title>
              <List size="sm">
                {plan.users.map((user) => (
                  <List.Item key={user.id}>
                    {user.full_name} ({user.email})
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          {plan.open_requests.length > 0 && (
            <div>
              <Title order={3} fz="md" mb="xs">
                Open requests deleted with it
              </Title>
              <RequestTable label="Open requests deleted with it" requests={plan.open_requests} />
            </div>
          )}
          {plan.kept_users.length > 0 && (
            <Text size="sm" c="gray.7">
              {plural(plan.kept_users.length, 'account')} of staff or of people affiliated with another
              institution {plan.kept_users.length === 1 ? 'stays' : 'stay'}; only the affiliation with{' '}
              {institution.name} ends: {plan.kept_users.map((user) => user.full_name).join(', ')}.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={confirm}>
              Delete institution
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
