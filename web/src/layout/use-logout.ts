import { useNavigate } from 'react-router';
import { signOut } from '../auth.ts';
import { paths } from '../paths.ts';

/** Spec §2: logout clears token, user and companies and goes to `/`. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    await navigate(paths.home);
  };
}
