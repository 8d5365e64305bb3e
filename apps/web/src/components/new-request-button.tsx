import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { SUSPENDED_PREVENTS } from '@/lib/request-rules';

/** The route of the Research Match application's own entry (foundation §2). */
const RESEARCH_MATCH_CREATE = '/research-match/create';

/**
 * The PI's New Request button, disabled while one of their requests is suspended (researcher §6);
 * with `researchMatch`, the "Start a Research Match application" entry, which files a request too.
 */
export function NewRequestButton({
  researchMatch = false,
  variant,
}: {
  researchMatch?: boolean;
  variant?: ButtonProps['variant'];
}) {
  const { user } = useSession();
  const label = researchMatch ? 'Start a Research Match application' : 'New Request';
  if (user?.suspended_request) {
    return (
      <Tooltip label={SUSPENDED_PREVENTS}>
        <Button variant={variant} data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant} component={Link} to={researchMatch ? RESEARCH_MATCH_CREATE : '/request/create'}>
      {label}
    </Button>
  );
}
