/**
 * The build's server entry (scripts/build/prerender.ts): renders a signed-out screen to HTML
 * in Node with the app's own tree, so the browser can hydrate it. Nothing here runs in the
 * browser. Nobody is signed in at build time: the session stays 'unknown', as on a first load.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppTree } from '../app/AppTree';
import { productionGateways } from '../app/production-gateways';
import { makeStore } from '../app/store';
import type { AuthApi } from '../lib/firebase/auth';
import { authStrings } from '../features/auth';
import { documentTitle } from '../components/document-title';
import { paths } from '../config/paths';

const noAuthAtBuildTime = (): never => {
  throw new Error('Firebase Auth is not available while prerendering');
};
const buildTimeAuth: AuthApi = {
  register: noAuthAtBuildTime,
  signInWithPassword: noAuthAtBuildTime,
  signInWithGoogle: noAuthAtBuildTime,
  signInWithGoogleIdToken: noAuthAtBuildTime,
  sendPasswordReset: noAuthAtBuildTime,
  signOut: noAuthAtBuildTime,
  observeSession: () => () => undefined,
};

/** The prerendered routes and the tab title each screen sets for itself. */
export const prerenderedRoutes = [
  { path: paths.register, title: documentTitle(authStrings.a11y.titles.register) },
  { path: paths.login, title: documentTitle(authStrings.a11y.titles.login) },
];

export async function renderRoute(path: string): Promise<string> {
  const { gateways } = productionGateways(buildTimeAuth);
  const store = makeStore({ gateways });
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  // Waits for the lazy screen, unlike renderToString, which would leave its Suspense fallback.
  const { prelude } = await prerenderToNodeStream(<AppTree store={store} Router={Router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
