import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { paths } from '../../config/paths';
import { errorCode } from './auth-errors';
import { dismissLoginToast } from './login-toast';
import {
  logoutFailed,
  logoutStarted,
  selectSessionStatus,
  userSignedOut,
} from '../../store/session';

/**
 * Signs out and goes to /login. The auth observer normally reports the sign-out first; if it
 * has not yet, it is reported here, so the stored user and every live listener are gone
 * before the next screen renders, and only once.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    dispatch(logoutStarted());
    try {
      await store.gateways.auth.signOut();
    } catch (error) {
      dispatch(logoutFailed());
      toast.error(errorCode(error));
      return;
    }
    dismissLoginToast();
    if (selectSessionStatus(store.getState()) !== 'signedOut') dispatch(userSignedOut());
    await navigate(paths.login, { replace: true });
  }, [dispatch, navigate, store]);
}
