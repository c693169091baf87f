import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Bounce, ToastContainer } from 'react-toastify';
import { LiveRegion } from './shell/LiveRegion';
import { PrerenderReveal } from '../prerender/PrerenderReveal';
import { AppRoutes } from './router';
import type { AppStore } from '../store/store';

interface Props {
  store: AppStore;
  /** The browser's router, or at build time a static one (src/prerender/render.tsx). */
  Router: ComponentType<{ children: ReactNode }>;
}

/** The whole app; the build renders the same tree, so the browser hydrates it as it is. */
export function AppTree({ store, Router }: Props) {
  return (
    <StrictMode>
      <Provider store={store}>
        <Router>
          <AppRoutes />
          <PrerenderReveal />
        </Router>
        {/* Toasts are read out by the polite live region, not as alerts that interrupt. */}
        <ToastContainer
          position="top-center"
          autoClose={5000}
          theme="dark"
          transition={Bounce}
          role="none"
        />
        <LiveRegion />
      </Provider>
    </StrictMode>
  );
}
