import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { strings } from '../../strings';
import { selectSessionStatus } from '../session';
import { Sidebar } from './Sidebar';
import { SignedOutRedirect } from './SignedOutRedirect';

/** The signed-in shell: sidebar (2 of 12 columns) and the nested page (10 of 12). */
export function PagesLayout() {
  const status = useAppSelector(selectSessionStatus);

  // Until Firebase has restored the session, a reload must not bounce a signed-in user.
  if (status === 'unknown') {
    return (
      <div
        className="flex min-h-screen items-center justify-center gap-3 text-slate-500"
        role="status"
      >
        <Spinner className="h-6 w-6 text-brand-500" />
        {strings.layout.checkingSession}
      </div>
    );
  }
  if (status === 'signedOut') return <SignedOutRedirect />;

  return (
    <div className="grid min-h-screen grid-cols-12 gap-6 p-6">
      <Sidebar />
      <main className="col-span-10 min-w-0">
        <Outlet />
      </main>
    </div>
  );
}
