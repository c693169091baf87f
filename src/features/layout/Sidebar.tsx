import { useAppSelector } from '../../app/hooks';
import { strings } from '../../strings';
import { selectActiveUser, useLogout } from '../auth';
import { LogoutIcon } from './icons';
import { SidebarNav } from './SidebarNav';

const FALLBACK_PHOTO = '/default-avatar.svg';

/** The signed-in user's picture and name, the screen links and the logout button. */
export function Sidebar() {
  const user = useAppSelector(selectActiveUser);
  const logout = useLogout();
  const name = user?.displayName || user?.email || '';

  return (
    <aside
      aria-label={strings.layout.sidebar}
      className="sticky top-6 col-span-2 flex h-[calc(100vh-3rem)] flex-col items-center gap-8 rounded-2xl bg-brand-500 px-3 py-8 text-white"
    >
      <div className="flex w-full flex-col items-center gap-3 text-center">
        <img
          src={user?.photoURL || FALLBACK_PHOTO}
          alt={`${strings.layout.profilePicture} ${name}`}
          className="h-20 w-20 rounded-full object-cover ring-4 ring-white/30"
          onError={(event) => {
            // A broken link (e.g. an expired provider picture) falls back to the default.
            if (!event.currentTarget.src.endsWith(FALLBACK_PHOTO))
              event.currentTarget.src = FALLBACK_PHOTO;
          }}
        />
        <p className="w-full truncate px-1 text-base font-semibold" title={name}>
          {name}
        </p>
      </div>
      <SidebarNav />
      <button
        type="button"
        onClick={() => void logout()}
        aria-label={strings.layout.logout}
        title={strings.layout.logout}
        className="mt-auto flex w-full items-center justify-center gap-3 rounded-xl px-3 py-3 text-white/75 xl:justify-start transition-colors hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
      >
        <LogoutIcon />
        <span className="hidden text-sm font-semibold xl:inline">{strings.layout.logout}</span>
      </button>
    </aside>
  );
}
