import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { NotFoundPage } from './routes/NotFoundPage';
import { RouteError } from './routes/RouteError';

// Each screen is its own chunk, so the first screen downloads only what it shows.
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        {
          path: paths.register,
          lazy: async () => ({
            Component: (await import('../features/auth/RegisterPage')).RegisterPage,
          }),
        },
        {
          path: paths.login,
          lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
        },
        {
          path: paths.pages,
          lazy: async () => ({
            Component: (await import('../features/layout/PagesLayout')).PagesLayout,
          }),
          children: [
            { index: true, element: <Navigate to={paths.home} replace /> },
            {
              path: 'home',
              lazy: async () => ({
                Component: (await import('./routes/HomePage')).HomePage,
              }),
            },
            {
              path: 'messages',
              lazy: async () => ({
                Component: (await import('./routes/MessagesPage')).MessagesPage,
              }),
            },
            {
              path: 'notification',
              lazy: async () => ({
                Component: (await import('../features/notifications/NotificationPage'))
                  .NotificationPage,
              }),
            },
            {
              path: 'settings',
              lazy: async () => ({
                Component: (await import('../features/settings/SettingsPage')).SettingsPage,
              }),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
