/** What other features may use from the auth feature (the session itself is features/session). */
export { useLogout } from './use-logout';
export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { registerSchema } from './schemas';
export { authStrings } from './auth-strings';
