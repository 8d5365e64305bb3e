import { Navigate } from 'react-router';
import { can } from '@rrp/domain';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useActor } from '@/lib/use-can';
import { ResourceRequestCentre } from '../components/resource-request-centre';

/** /resource-request: the Resource Requests command centre (staff §2.1), for administrators and reviewers. */
export default function ResourceRequestScreen() {
  const { activeRole } = useSession();
  const actor = useActor();
  if (activeRole !== 'portal_admin' && activeRole !== 'portal_reviewer') {
    return <Navigate to="/404" replace />;
  }
  return (
    <Page title="Resource Requests">
      {can(actor, 'list', 'Request') && <ResourceRequestCentre role={activeRole} />}
    </Page>
  );
}
