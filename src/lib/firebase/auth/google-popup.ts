import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  signInWithPopup,
  type Auth,
  type UserCredential,
} from 'firebase/auth';

/**
 * The popup sign-in, imported when 'Login with Google' is pressed: Auth is initialised
 * without a popup resolver (app.ts), so the resolver is handed over here.
 */
export function signInWithGooglePopup(auth: Auth): Promise<UserCredential> {
  return signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}
