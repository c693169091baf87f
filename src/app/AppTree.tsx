import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../components/Toasts';
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
        {/* react-toastify loads with the first toast (src/components/toast.ts). */}
        <Toasts />
        <LiveRegion />
      </Provider>
    </StrictMode>
  );
}
