import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectSessionStatus } from '../../store/session';
import { returnPath } from './return-path';

/**
 * The account screens are for visitors without a session: a signed-in user is sent on to
 * home (or the page they came for). `paused` while this screen signs someone in itself, so
 * its own toast and delayed redirect (spec: 1 s) are not cut short.
 */
export function useSignedInRedirect(paused: boolean) {
  const status = useAppSelector(selectSessionStatus);
  const state: unknown = useLocation().state;
  if (status !== 'signedIn' || paused) return null;
  return <Navigate to={returnPath(state)} replace />;
}
