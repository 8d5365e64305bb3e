import { Code, Stack, Text } from '@mantine/core';
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => unknown;
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@rrp/domain';
import type { ApiError } from '@/lib/api-client';
import type { SessionControls } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/config';
import { openErrorModal } from '@/components/modals';

/**
 * What the app does with a failed call (foundation §8 "Status handling"): 401 ends the session
 * and goes to /login; 403 'Permissions Issue' (a notice while impersonating); 404 goes to /404 with the correlation id; 500
 * 'Server Error' with correlation id, URL and method; anything else offers an error report.
 */
export function createStatusHandler(navigate: Navigate) {
  return (error: ApiError, session: SessionControls) => {
    switch (error.status) {
      case 401:
        session.forget();
        navigate(`/login?next=${encodeURIComponent(window.location.pathname)}`, { replace: true });
        return;
      case 403:
        // Acting as someone, the staff member's own rights bound the session (decision 108): a
        // screen may ask for more than they hold. A notice, not a modal, keeps EXIT in reach.
        if (session.impersonating()) {
          notifications.show({
            id: 'impersonation-forbidden',
            color: 'yellow',
            // It explains why parts of the screen stay empty, so it stays until dismissed, at the
            // bottom: at the top it would cover the banner's EXIT.
            autoClose: false,
            position: 'bottom-right',
            title: 'Not available while acting as this user',
            message: 'Your own role may not see or do this, so neither may your session as this user.',
          });
          return;
        }
        openErrorModal({
          title: MESSAGES.permissionsIssue,
          children: (
            <Stack gap="xs">
              <Text size="sm">
                You do not have permission to do this. If you think you should, contact {SUPPORT_EMAIL}.
              </Text>
              {error.correlationId && (
                <Text size="xs">
                  Reference: <Code>{error.correlationId}</Code>
                </Text>
              )}
            </Stack>
          ),
        });
        return;
      case 404:
        navigate('/404', { state: { correlationId: error.correlationId } });
        return;
      case 500:
        openErrorModal({
          title: MESSAGES.serverErrorTitle,
          children: (
            <Stack gap="xs">
              <Text size="sm">There was a problem on our end. Please try again later.</Text>
              <Text size="xs">
                Reference: <Code>{error.correlationId ?? 'none'}</Code>
              </Text>
              <Text size="xs">
                <Code>
                  {error.method} {error.url}
                </Code>
              </Text>
            </Stack>
          ),
        });
        return;
      default:
        // The report form loads when first offered: no first page carries it (issue 15). Should
        // its code not load, the error is still said.
        void import('@/components/error-report').then(
          ({ offerErrorReport }) => offerErrorReport(error, session.email()),
          () => openErrorModal({ title: MESSAGES.unexpectedError, children: error.summary }),
        );
    }
  };
}
