import { paths } from '../config/paths';

export function loadRegisterPage() {
  return import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage }));
}
export function loadLoginPage() {
  return import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }));
}

/** The signed-out screens, loaded before hydrating their prerendered HTML (bootstrap.tsx). */
export const signedOutScreens: Record<string, () => Promise<unknown>> = {
  [paths.register]: loadRegisterPage,
  [paths.login]: loadLoginPage,
};
