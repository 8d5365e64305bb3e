import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { can } from '@rrp/domain';
import { Page } from '@/components/page';
import { DatasetForm } from '../components/dataset-form';
import { datasetPath } from '../rules';
import { useActor } from '@/lib/use-can';

/** /dataset/create: a new dataset (staff §2.11); cancel and success lead to /dataset/, others to /404. */
export default function DatasetCreateScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const actor = useActor();
  // "Edit loads the dataset by query id or parent" (staff §2.11): the dataset page's form modes.
  const editId = params.get('id');
  const parentId = params.get('parent');
  if (editId && /^\d+$/.test(editId))
    return <Navigate to={datasetPath({ id: Number(editId) }, 'edit_details')} replace />;
  if (parentId && /^\d+$/.test(parentId))
    return <Navigate to={datasetPath({ id: Number(parentId) }, 'new_version')} replace />;
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
