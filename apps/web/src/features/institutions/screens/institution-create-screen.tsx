import { Card } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useCreateInstitution } from '../api/institutions';
import { InstitutionForm } from '../components/institution-form';

/** /institution/create/: an administrator adds an institution (with its default RDA). */
export default function InstitutionCreateScreen() {
  const navigate = useNavigate();
  const { activeRole } = useSession();
  const create = useCreateInstitution();
  // Only administrators create institutions; anyone else has nothing to do here.
  if (activeRole && activeRole !== 'portal_admin') return <Navigate to="/404" replace />;
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
