import { Button, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { SUSPENDED_PREVENTS } from '@/lib/request-rules';

/** The PI's New Request button, disabled while one of their requests is suspended (researcher §6). */
export function NewRequestButton({ label = 'New Request' }: { label?: string }) {
  const { user } = useSession();
  if (user?.suspended_request) {
    return (
      <Tooltip label={SUSPENDED_PREVENTS}>
        <Button data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button component={Link} to="/request/create">
      {label}
    </Button>
  );
}
