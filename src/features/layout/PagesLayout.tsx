import { Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../components/document-title';
import { Spinner } from '../../components/Spinner';
import { strings } from '../../strings';
import { selectSessionStatus } from '../session';
import { screenOf } from './screen-titles';
import { Sidebar } from './Sidebar';
import { SignedOutRedirect } from './SignedOutRedirect';

/** The signed-in shell: sidebar (2 of 12 columns) and the nested page (10 of 12). */
export function PagesLayout() {
  const status = useAppSelector(selectSessionStatus);
  const screen = screenOf(useLocation().pathname);
  useDocumentTitle(screen.title);

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
    <div className="flex min-h-screen flex-col gap-4 p-3 md:grid md:grid-cols-12 md:gap-6 md:p-6">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {strings.a11y.skipToContent}
      </a>
      <Sidebar />
      <main id="main-content" tabIndex={-1} className="min-w-0 focus:outline-none md:col-span-10">
        {screen.layoutHeading ? <h1 className="sr-only">{screen.title}</h1> : null}
        <Outlet />
      </main>
    </div>
  );
}
