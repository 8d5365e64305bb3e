import { Navigate, useNavigate } from 'react-router';
import { can } from '@rrp/domain';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { DatasetForm } from '../components/dataset-form';

/** /dataset/create: a new dataset (staff §2.11); cancel and success lead to /dataset/, others to /404. */
export default function DatasetCreateScreen() {
  const navigate = useNavigate();
  const { user, activeRole } = useSession();
  const actor = user ? { userId: user.id, role: activeRole, roles: user.roles } : null;
  if (!can(actor, 'create', 'Dataset')) return <Navigate to="/404" replace />;
  return (
    <Page title="New Dataset" crumbs={[{ label: 'Datasets', to: '/dataset' }]}>
      <DatasetForm
        mode="create"
        onCancel={() => navigate('/dataset/')}
        onSaved={() => navigate('/dataset/')}
      />
    </Page>
  );
}
