import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, type EmailAddressDto } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';

/**
 * The saved further addresses of My Profile with whether each is verified (decision 107): an
 * address counts only once its owner followed the link e-mailed to it, so an unverified one
 * offers a fresh link.
 */
export function AddedEmailAddresses({
  userId,
  addresses,
}: {
  userId: number;
  addresses: readonly EmailAddressDto[];
}) {
  const resend = useMutation({
    mutationFn: (email: string) =>
      apiFetch<{ detail: string }>(`user/${userId}/email-verification/`, {
        method: 'POST',
        body: { email },
        handleStatus: [429],
      }),
    onSuccess: (_, email) =>
      notifications.show({
        color: 'green',
        title: MESSAGES.verificationSent,
        message: `It should arrive at ${email} within 10 minutes. Open its link while signed in to this account.`,
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'There was an issue sending the email',
        message: error instanceof ApiError ? error.summary : MESSAGES.unexpectedError,
      }),
  });
  if (addresses.length === 0) return null;

  return (
    <List spacing="xs" listStyleType="none" aria-label="Other email addresses and their verification">
      {addresses.map((address) => (
        <List.Item key={address.email}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="white" color={address.verified ? 'green.9' : 'orange.9'} size="sm">
              {address.verified ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {address.email}
              </Text>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {address.verified ? 'Verified' : 'Unverified'}
                </Text>
                {!address.verified && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    loading={resend.isPending && resend.variables === address.email}
                    onClick={() => resend.mutate(address.email)}
                    aria-label={`Resend verification to ${address.email}`}
                  >
                    Resend verification
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
