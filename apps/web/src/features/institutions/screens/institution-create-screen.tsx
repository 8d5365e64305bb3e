import { Card } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { useCreateInstitution } from '../api/institutions';
import { InstitutionForm } from '../components/institution-form';
import { useActor } from '@/lib/use-can';
import { can } from '@rrp/domain';

/** /institution/create/: an administrator adds an institution (with its default RDA). */
export default function InstitutionCreateScreen() {
  const navigate = useNavigate();
  const actor = useActor();
  const create = useCreateInstitution();
  // Only roles that may create institutions (administrators) have anything to do here.
  if (actor && !can(actor, 'create', 'Institution')) return <Navigate to="/404" replace />;
  return (
    <Page title="New Institution" crumbs={[{ label: 'Institutions', to: '/institution' }]}>
      <Card withBorder padding="xl" maw={900}>
        <InstitutionForm
          submitLabel="Create Institution"
          failureTitle="There was an issue creating the institution."
          onSubmit={async (payload) => {
            const saved = await create.mutateAsync(payload);
            navigate(`/institution/${saved.id}`);
          }}
          onCancel={() => navigate('/institution')}
        />
      </Card>
    </Page>
  );
}
