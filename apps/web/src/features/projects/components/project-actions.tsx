import { Anchor, Button, List, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { projectDeletionBlockedSchema, type ProjectDto } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { forgetDeletedAfterLeaving } from '@/lib/forget-deleted';
import { openErrorModal } from '@/components/modals';
import { deleteProject, projectQueryKey, teamQueryKey } from '../api/projects';
import { collectMessages } from './error-text';
import { notify } from './notify';
import { historyQueryKey } from '@/components/history';

/** Confirm, delete, and report the outcome as researcher §8 words it. */
function useProjectDeletion(project: ProjectDto) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const run = async () => {
    try {
      await deleteProject(project.id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return;
      const blocked = projectDeletionBlockedSchema.safeParse(error.body);
      if (blocked.success && blocked.data.data.requests.length > 0) {
        openErrorModal({
          title: 'Unable to Delete Project',
          children: (
            <Stack gap="xs">
              <Text size="sm">{blocked.data.data.non_field_errors[0] ?? error.summary}</Text>
              <List size="sm">
                {blocked.data.data.requests.map((request) => (
                  <List.Item key={request.id}>
                    <Anchor component={Link} to={`/request/${request.id}`} onClick={() => modals.closeAll()}>
                      {request.portal_request_id}
                    </Anchor>{' '}
                    — {request.owner.display_name} ({request.status_name})
                  </List.Item>
                ))}
              </List>
            </Stack>
          ),
        });
        return;
      }
      openErrorModal({
        title: 'Project could not be deleted.',
        children: (
          <Stack gap={4}>
            {collectMessages(error.body).map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Stack>
        ),
      });
      return;
    }
    notify({
      color: 'green',
      title: 'Project Deleted Successfully.',
      message: `${project.title} has been removed from the system.`,
    });
    navigate('/');
    forgetDeletedAfterLeaving(queryClient, {
      remove: [projectQueryKey(project.id), teamQueryKey(project.id), historyQueryKey('project', project.id)],
      invalidate: [['projects']],
    });
  };

  return () =>
    modals.openConfirmModal({
      title: 'Are you sure you want to delete this project?',
      children: <Text size="sm">This project will go away as a result of this action.</Text>,
      labels: { confirm: 'Delete Project', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => void run(),
    });
}

/** The staff action menu of the project page (researcher §2). */
export function ProjectActionMenu({
  project,
  canEdit,
  canDelete,
  canAudit,
  onEdit,
  onAudit,
}: {
  project: ProjectDto;
  canEdit: boolean;
  canDelete: boolean;
  canAudit: boolean;
  onEdit: () => void;
  onAudit: () => void;
}) {
  const confirmDelete = useProjectDeletion(project);
  return (
    <Menu position="bottom-end" width={225} withinPortal>
      <Menu.Target>
        <Button variant="light" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && <Menu.Item onClick={onEdit}>Edit Project</Menu.Item>}
        <Menu.Item component={Link} to={`/request/create?project=${project.id}#project_request_1`}>
          Create Resource Request
        </Menu.Item>
        {canAudit && <Menu.Item onClick={onAudit}>View Audit Trail</Menu.Item>}
        {canDelete && (
          <Menu.Item color="red.9" onClick={confirmDelete}>
            Delete Project
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
