import { Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { MESSAGES } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCalendarFeed, useTurnOffCalendarFeed, useTurnOnCalendarFeed } from '../api/calendar-feed';

const failed = (error: unknown) =>
  notifications.show({
    color: 'red',
    title: 'The calendar feed was not changed',
    message: error instanceof ApiError ? error.summary : MESSAGES.unexpectedError,
  });

/**
 * My Profile's calendar feed (issue 33): a secret address calendar apps subscribe to, with the
 * owner's dates. Staff acting as the user are not shown it: the address would outlive the session.
 */
export function CalendarFeedCard() {
  const { impersonating } = useSession();
  const feed = useCalendarFeed(!impersonating);
  const turnOn = useTurnOnCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const url = feed.data?.url ?? null;

  const regenerate = () =>
    modals.openConfirmModal({
      title: 'Regenerate the calendar address?',
      children: (
        <Text size="sm">
          The current address stops working at once. Calendars subscribed to it show nothing more until you
          subscribe them to the new one.
        </Text>
      ),
      labels: { confirm: 'Regenerate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        turnOn.mutate(undefined, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: 'Your calendar feed has a new address.' }),
          onError: failed,
        }),
    });

  const stop = () =>
    modals.openConfirmModal({
      title: 'Turn off the calendar feed?',
      children: (
        <Text size="sm">The address stops working, and calendars subscribed to it show nothing more.</Text>
      ),
      labels: { confirm: 'Turn off', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        turnOff.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Your calendar feed is off.' }),
          onError: failed,
        }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="calendar-feed-heading">
      <Title order={2} fz="lg" mb="xs" id="calendar-feed-heading">
        Calendar feed
      </Title>
      <Text size="sm" mb="md">
        Subscribe your calendar app to your dates here: reviews due, review meetings, agreements to sign, IRB
        renewals and access expiries.
      </Text>
      {impersonating ? (
        <Text size="sm" c="dimmed">
          Only the account&apos;s owner can see or change their calendar feed.
        </Text>
      ) : feed.isError ? (
        <Text size="sm" c="red.8" role="alert">
          Your calendar feed could not be loaded. Reload the page to try again.
        </Text>
      ) : feed.isPending ? (
        <Skeleton h={36} />
      ) : url ? (
        <Stack gap="sm">
          <TextInput
            label="Calendar address"
            description="Anyone with this address can read these dates: keep it to yourself."
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : null}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={regenerate} loading={turnOn.isPending}>
              Regenerate
            </Button>
            <Button variant="subtle" color="red" onClick={stop} loading={turnOff.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button
          variant="light"
          loading={turnOn.isPending}
          onClick={() => turnOn.mutate(undefined, { onError: failed })}
        >
          Turn on
        </Button>
      )}
    </Card>
  );
}
