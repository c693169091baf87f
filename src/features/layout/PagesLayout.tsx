import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/paths';
import { selectSessionStatus } from '../auth/session-slice';

/** The signed-in shell: sidebar (2 of 12 columns) and the nested page (10 of 12). */
export function PagesLayout() {
  const status = useAppSelector(selectSessionStatus);
  if (status !== 'signedIn') return <Navigate to={paths.login} replace />;
  return (
    <div className="grid min-h-screen grid-cols-12 gap-6 p-6">
      <aside className="col-span-2 rounded-2xl bg-brand-500" aria-label="Sidebar" />
      <main className="col-span-10">
        <Outlet />
      </main>
    </div>
  );
}
