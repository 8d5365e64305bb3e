import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';

/** Signs out and starts the app afresh on the home page. */
export function useSignOut() {
  const session = useSession();
  const navigate = useNavigate();
  return async () => {
    await session.signOut();
    navigate('/', { replace: true });
    window.location.reload();
  };
}
