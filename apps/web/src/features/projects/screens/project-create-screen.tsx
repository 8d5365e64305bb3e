import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { ProjectForm } from '../components/project-form';
import type { TeamRow } from '../rules';

const piRowOf = (id: number, first: string, last: string, email: string): TeamRow => ({
  key: `pi-${id}`,
  id: null,
  user_id: id,
  email,
  first_name: first,
  last_name: last,
  user_role: '1',
  institution: null,
  globus_username: '',
  active: true,
  isPi: true,
  isNew: false,
  removal_date: null,
  verified: true,
  warnings: [],
});

/** /project/create: the creation variant of the project page; Cancel leads back to /project. */
export default function ProjectCreateScreen() {
  const navigate = useNavigate();
  const { user, activeRole } = useSession();
  const choosePi = activeRole === 'portal_admin';
  return (
    <Page title="New Project" crumbs={[{ label: 'Projects', to: '/project' }]}>
      <ProjectForm
        choosePi={choosePi}
        piRow={(owner) => {
          if (!choosePi && user)
            return {
              ...piRowOf(user.id, user.first_name, user.last_name, user.email),
              institution: user.institutionId ? String(user.institutionId) : null,
            };
          if (!owner) return null;
          const [first = '', ...rest] = owner.name.split(' ');
          return piRowOf(owner.id, first, rest.join(' '), '');
        }}
        onCancel={() => navigate('/project')}
        onSaved={(project) => navigate(`/project/${project.id}`)}
      />
    </Page>
  );
}
