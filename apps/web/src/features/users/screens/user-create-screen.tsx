import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { useCreateUser } from '../api/users';
import { UserForm } from '../components/user-form';

/** /user/create: the New User form (staff §2.12); success opens the user, cancel the list. */
export default function UserCreateScreen() {
  const navigate = useNavigate();
  const create = useCreateUser();
  return (
    <Page title="New User" crumbs={[{ label: 'Users', to: '/user' }]}>
      <UserForm
        submitLabel="Create User"
        onSubmit={async (payload) => {
          const user = await create.mutateAsync(payload);
          navigate(`/user/${user.id}`);
        }}
        onCancel={() => navigate('/user/')}
      />
    </Page>
  );
}
