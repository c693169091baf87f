/**
 * The modules each screen starts from, for the chunk grouping (vite.config.ts) and for the
 * per-screen JavaScript budget (scripts/size-budget.ts): one list, so the budget counts the
 * chunks the grouping made for that screen.
 */
import { resolve } from 'node:path';

const src = (path: string) => resolve(import.meta.dirname, '..', '..', 'src', path);

export const screenRoots = {
  /** The entry (main.tsx): its own modules stay in the entry chunk. */
  entry: [src('main.tsx')],
  /** What every screen runs. */
  core: [src('app/bootstrap.tsx')],
  signedOut: [src('features/auth/LoginPage.tsx'), src('features/auth/RegisterPage.tsx')],
  /** The Auth SDK: a signed-in visit restores its session with it. */
  auth: [src('lib/firebase/auth/gateway.ts')],
  /** What a cold start of the signed-in home draws its first screen with (layout, home, listeners). */
  signedIn: [
    src('app/shell/PagesLayout.tsx'),
    src('app/routes/HomePage.tsx'),
    src('app/signed-in-listeners.ts'),
  ],
  /**
   * The database SDK and its gateways, and the conversation crypto (only used through them):
   * loaded once the signed-in screen has painted (src/app/signed-in.ts), their own chunk so that
   * it is not on home's first paint.
   */
  database: [src('app/database-gateways.ts'), src('features/encryption/conversation-crypto.ts')],
};

/** The modules a cold visit of each budgeted screen runs before it is drawn. */
export const budgetedScreens = {
  login: [...screenRoots.entry, ...screenRoots.core, src('features/auth/LoginPage.tsx')],
  home: [...screenRoots.entry, ...screenRoots.core, ...screenRoots.auth, ...screenRoots.signedIn],
};
