import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { can, DONOR_MESSAGES } from '@rrp/domain';
import { useActor } from '@/lib/use-can';
import { useSession } from '@/lib/session';

/**
 * Whether the session may read the tissue catalogue: staff always, researchers once their ABN
 * Data Access request is approved (the permission table's `hasAbnAccess` with the session's
 * `abn_approved`).
 */
export function useCatalogueAccess(): boolean {
  const actor = useActor();
  const { user } = useSession();
  return can(actor, 'list', 'TissueDonor', { abnApproved: user?.abn_approved ?? false });
}

/** What a researcher without ABN data access sees instead of the catalogue. */
export function NoCatalogueAccess() {
  return (
    <Alert color="blue" title="Autism BrainNet data access needed">
      <Text size="sm">{DONOR_MESSAGES.noAccess}</Text>
      <Anchor component={Link} to="/request/create" size="sm">
        Apply for Autism BrainNet Data Access
      </Anchor>
    </Alert>
  );
}
