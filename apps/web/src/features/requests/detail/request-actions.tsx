import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { REQUEST_MESSAGES, UNDELETABLE_STATUSES, type RequestStatusId } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { forgetDeletedAfterLeaving } from '@/lib/forget-deleted';
import { openErrorModal } from '@/components/modals';
import { notifications } from '@mantine/notifications';
import { collectMessages } from '@/lib/request-rules';
import { requestQueryKey, useDeleteRequest, type RequestView } from '../api/requests';
import { historyQueryKey } from '@/components/history';

/** Approved and rejected requests, and those an approval led to, cannot be deleted (decision 093). */
export const deletionDisabled = (request: Pick<RequestView, 'status'>) =>
  UNDELETABLE_STATUSES.includes(request.status as RequestStatusId);

/** The request's name in messages: its resources, else its portal id. */
const requestName = (request: Pick<RequestView, 'display_name' | 'portal_request_id'>) =>
  request.display_name || request.portal_request_id;

/** What 'Request Deletion Failed' shows: the server's messages, then the request it returned. */
export function failureLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [String(error)];
  const data =
    error.body.data && typeof error.body.data === 'object'
      ? (error.body.data as Record<string, unknown>)
      : {};
  const messages = collectMessages(error.body.non_field_errors ?? data.non_field_errors ?? error.body.detail);
  const lines = messages.length ? messages : [error.summary];
  if (typeof data.portal_request_id === 'string')
    lines.push(
      `Request ${data.portal_request_id}${typeof data.status_name === 'string' && data.status_name ? ` (${data.status_name})` : ''}`,
    );
  return lines;
}

/** Delete Request: confirm, delete, and report the outcome as researcher §8 words it. */
export function DeleteRequestButton({ request }: { request: RequestView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteRequest();
  const disabled = deletionDisabled(request);

  const run = async () => {
    try {
      await remove.mutateAsync(request.id);
    } catch (error) {
      openErrorModal({
        title: REQUEST_MESSAGES.deletionFailed,
        children: (
          <Stack gap={4}>
            {failureLines(error).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        ),
      });
      return;
    }
    notifications.show({
      color: 'green',
      title: REQUEST_MESSAGES.deleted,
      message: `${requestName(request)} has been removed from the system.`,
      closeButtonProps: { 'aria-label': 'Close notification' },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
    navigate('/request');
    forgetDeletedAfterLeaving(queryClient, {
      remove: [requestQueryKey(request.id), historyQueryKey('request', request.id)],
    });
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Are you sure you want to delete this request?',
      children: (
        <Text size="sm">{`${requestName(request)} (${request.portal_request_id}) will be removed from the system.`}</Text>
      ),
      labels: { confirm: 'Delete Request', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => void run(),
    });

  if (disabled)
    return (
      <Tooltip label={REQUEST_MESSAGES.cannotDeleteDecided}>
        <Button
          color="red.9"
          variant="outline"
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
        >
          Delete Request
        </Button>
      </Tooltip>
    );
  return (
    <Button color="red.9" variant="outline" onClick={confirm} loading={remove.isPending}>
      Delete Request
    </Button>
  );
}
