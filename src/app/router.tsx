import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { HomePage } from '../features/home/HomePage';
import { PagesLayout } from '../features/layout/PagesLayout';
import { MessagesPage } from '../features/messages/MessagesPage';
import { NotificationPage } from '../features/notifications/NotificationPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { NotFoundPage } from './routes/NotFoundPage';

export function createAppRouter() {
  return createBrowserRouter([
    { path: paths.register, element: <RegisterPage /> },
    { path: paths.login, element: <LoginPage /> },
    {
      path: paths.pages,
      element: <PagesLayout />,
      children: [
        { index: true, element: <Navigate to={paths.home} replace /> },
        { path: 'home', element: <HomePage /> },
        { path: 'messages', element: <MessagesPage /> },
        { path: 'notification', element: <NotificationPage /> },
        { path: 'settings', element: <SettingsPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
