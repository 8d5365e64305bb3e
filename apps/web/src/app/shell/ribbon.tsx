import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAffiliation, UNCONFIRMED_STATUSES } from '@/lib/affiliation';
import { SUPPORT_EMAIL } from '@/lib/config';
import { useSession } from '@/lib/session';
import classes from './shell.module.css';

/** The researcher's ribbon (foundation §2): an unconfirmed institution, or access suspended over a request. */
export function Ribbon() {
  const { user, activeRole } = useSession();
  const isResearcher = activeRole === 'primary_researcher';
  const affiliation = useAffiliation(isResearcher ? user : null);
  if (!user || !isResearcher) return null;
  if (user.suspended_request) {
    return (
      <div className={classes.ribbon} role="status">
        <Group justify="center" gap="xs">
          <Text size="sm">
            Your access has been suspended due to non-compliance with a request. Please complete the{' '}
            <Anchor
              component={Link}
              to={`/request/${user.suspended_request}/renewal`}
              size="sm"
              c="dark"
              fw={700}
            >
              request renewal
            </Anchor>{' '}
            or contact {SUPPORT_EMAIL}.
          </Text>
        </Group>
      </div>
    );
  }
  const status = affiliation.data?.institution?.status;
  if (status === undefined || !UNCONFIRMED_STATUSES.has(status)) return null;
  return (
    <div className={classes.ribbon} role="status">
      <Group justify="center" gap="xs">
        <Text size="sm">Your institution is unconfirmed.</Text>
        <Anchor component={Link} to="/verify?reason=pr_add_sbso" size="sm" c="dark" fw={700}>
          Learn more
        </Anchor>
      </Group>
    </div>
  );
}
