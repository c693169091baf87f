import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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
const PagesLayout = lazy(() =>
  import('./shell/PagesLayout').then((m) => ({ default: m.PagesLayout })),
);
const HomePage = lazy(() => import('./routes/HomePage').then((m) => ({ default: m.HomePage })));
const MessagesPage = lazy(() =>
  import('./routes/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const NotificationPage = lazy(() =>
  import('../features/notifications/NotificationPage').then((m) => ({
    default: m.NotificationPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

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
