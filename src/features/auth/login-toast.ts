import { toast, type ToastId as Id } from '../../components/toast';
import { spec } from '../../strings/spec';

// The toast announcing the current session; it must not outlive that session.
let current: Id | undefined;

export function showLoginToast(): void {
  current = toast.success(spec.toast.loginSuccess);
}

/** Called on logout, so the next visitor of /login does not read 'logged in'. */
export function dismissLoginToast(): void {
  if (current === undefined) return;
  toast.dismiss(current);
  current = undefined;
}
