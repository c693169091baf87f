import type { AppDispatch } from '../../store/store';
import type { AccountApi } from '../../lib/firebase/settings';
import { logoutFailed, logoutStarted } from '../../store/session';

/**
 * Deletes the account as a deliberate logout: the app stops marking me online first (its
 * "offline" write and cancelled onDisconnect go out before the deletion, which then removes
 * `status/{uid}`; after the sign-out nothing of presence writes it back). A refusal (a wrong
 * password) puts me back online and rejects as the deletion did.
 */
export async function deleteAccountLoggingOut(
  dispatch: AppDispatch,
  account: Pick<AccountApi, 'deleteAccount'>,
  password: string,
): Promise<void> {
  dispatch(logoutStarted());
  try {
    await account.deleteAccount(password);
  } catch (failure) {
    dispatch(logoutFailed());
    throw failure;
  }
}
