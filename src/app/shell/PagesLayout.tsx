import { Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { useDocumentTitle } from '../../components/document-title';
import { Spinner } from '../../components/Spinner';
import { shellStrings } from './shell-strings';
import { selectSessionStatus } from '../../store/session';
import { screenOf } from './screen-titles';
import { Sidebar } from './Sidebar';
import { SignedOutRedirect } from './SignedOutRedirect';
import { SearchLauncher } from '../../features/search';
import { EncryptionBanners } from '../../features/encryption';
import { DataLoadFailed } from './DataLoadFailed';

/**
 * The signed-in shell, exactly one viewport tall: the page itself never scrolls; a screen taller
 * than the room left scrolls inside `main` (with a shadow at the cut edge). From 1280 px the
 * spec's grid: sidebar 2 of 12 columns, page 10; from 768 px an icon rail; below, a top bar.
 */
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
        {shellStrings.layout.checkingSession}
      </div>
    );
  }
  if (status === 'signedOut') return <SignedOutRedirect />;

  return (
    <div className="flex h-dvh flex-col gap-3 overflow-hidden p-3 md:grid md:grid-cols-[5rem_minmax(0,1fr)] md:gap-6 md:p-6 xl:grid-cols-12">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-sm focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {shellStrings.a11y.skipToContent}
      </a>
      <Sidebar />
      {/* The encryption notice is one slim line above the page's scroll box: it shortens the
          page by that line and never covers or scrolls with what is below. */}
      <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2 xl:col-span-10">
        <DataLoadFailed />
        <EncryptionBanners />
        <main
          id="main-content"
          tabIndex={-1}
          className="scroll-fade min-h-0 min-w-0 flex-1 overflow-y-auto focus:outline-hidden"
        >
          {screen.layoutHeading ? <h1 className="sr-only">{screen.title}</h1> : null}
          <Outlet />
        </main>
      </div>
      <SearchLauncher />
    </div>
  );
}
