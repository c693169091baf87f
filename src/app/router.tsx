import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyComponent } from '../components/lazy-component';
import { paths } from '../config/paths';
import { loadLoginPage, loadRegisterPage } from './signed-out-screens';
import { NotFoundPage } from './routes/NotFoundPage';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary';

// Each screen is its own chunk, so the first screen downloads only what it shows. Declarative
// routes, not a data router: createBrowserRouter/RouterProvider would add ~16 kB gzipped to
// every screen for loaders and actions the app does not use. Navigations run in a transition,
// so the screen being left stays up while the next one's chunk loads.
const RegisterPage = lazy(loadRegisterPage);
const LoginPage = lazy(loadLoginPage);
const PagesLayout = lazyComponent(() => import('./shell/PagesLayout'), 'PagesLayout');
const HomePage = lazyComponent(() => import('./routes/HomePage'), 'HomePage');
const MessagesPage = lazyComponent(() => import('./routes/MessagesPage'), 'MessagesPage');
const NotificationPage = lazyComponent(
  () => import('../features/notifications/NotificationPage'),
  'NotificationPage',
);
const SettingsPage = lazyComponent(
  () => import('../features/settings/SettingsPage'),
  'SettingsPage',
);

/** Every route, under whichever router: the browser's, or the build's (src/prerender). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.pages} element={<PagesLayout />}>
            <Route index element={<Navigate to={paths.home} replace />} />
            <Route path="home" element={<HomePage />} />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="notification" element={<NotificationPage />} />
            <Route path="settings" element={<SettingsPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
