import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useAppSelector } from '../../store/hooks';
import { paths } from '../../config/paths';
import { spec } from '../../strings/spec';
import { selectLoggingOut } from '../../store/session';

/** /pages and its index lead to home, so a visit to either is a visit to home. */
const homePaths: ReadonlySet<string> = new Set([
  paths.home,
  `${paths.home}/`,
  paths.pages,
  `${paths.pages}/`,
]);

/**
 * Sends a visitor without a session to /login, which returns to this page after sign-in. Home says why with 'Login failed' (spec), but
 * not after a deliberate logout. The fixed toastId keeps StrictMode's second effect run from
 * showing it twice.
 */
export function SignedOutRedirect() {
  const { pathname, search, hash } = useLocation();
  const loggingOut = useAppSelector(selectLoggingOut);
  const explain = homePaths.has(pathname) && !loggingOut;

  useEffect(() => {
    if (explain) toast.error(spec.toast.loginFailed, { toastId: 'login-failed' });
  }, [explain]);

  // The login screen comes back here afterwards; a deliberate logout starts over from home.
  const state = loggingOut ? undefined : { from: `${pathname}${search}${hash}` };
  return <Navigate to={paths.login} replace state={state} />;
}
