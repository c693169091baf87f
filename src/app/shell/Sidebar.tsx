import { Suspense, useRef, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { CameraIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { usePhotoSrc } from '../../components/picture-resolver';
import { Spinner } from '../../components/Spinner';
import { componentsStrings } from '../../components/components-strings';
import { shellStrings } from './shell-strings';
import { spec } from '../../strings/spec';
import { useLogout } from '../../features/auth';
import { selectActiveUser } from '../../store/session';
import { ProfilePictureModal } from '../../features/profiles';
import { selectMyProfile } from '../../features/profiles';
import { LogoutIcon } from '../../components/icons';
import { SidebarNav } from './SidebarNav';

const FALLBACK_PHOTO = '/default-avatar.svg';

/** Shown while the picture popup's chunk (cropper included) loads on first open. */
function PopupLoading({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={spec.profile.changePicture} onClose={onClose} wide>
      <div className="flex h-40 items-center justify-center text-brand-500">
        <Spinner className="h-8 w-8" label={componentsStrings.app.loading} />
      </div>
    </Modal>
  );
}

/** The signed-in user's picture and name, the screen links and the logout button. */
export function Sidebar() {
  const user = useAppSelector(selectActiveUser);
  // The live users/{uid} record is what others see, so an upload shows here at once.
  const me = useAppSelector(selectMyProfile);
  const logout = useLogout();
  const [editing, setEditing] = useState(false);
  const pictureButton = useRef<HTMLButtonElement>(null);
  // The name others see (users/{uid}): a change in Settings shows here at once.
  const name = me?.username || user?.displayName || user?.email || '';
  const photo = usePhotoSrc(me?.photo || user?.photoURL || FALLBACK_PHOTO, pictureButton);
  const close = () => setEditing(false);

  return (
    <aside
      aria-label={shellStrings.layout.sidebar}
      className="z-40 flex shrink-0 items-center gap-2 rounded-2xl bg-brand-500 px-3 py-2 text-white md:min-h-0 md:flex-col md:gap-6 md:px-2 md:py-6 xl:col-span-2 xl:gap-8 xl:px-3 xl:py-8"
    >
      <div className="flex shrink-0 flex-col items-center gap-3 text-center md:w-full">
        <button
          ref={pictureButton}
          type="button"
          onClick={() => setEditing(true)}
          aria-label={spec.profile.changePicture}
          title={spec.profile.changePicture}
          className="group relative rounded-full focus:outline-hidden focus-visible:ring-4 focus-visible:ring-white/60"
        >
          <img
            src={photo || FALLBACK_PHOTO}
            alt={`${shellStrings.layout.profilePicture} ${name}`}
            className="h-10 w-10 rounded-full md:h-14 md:w-14 xl:h-20 xl:w-20 bg-white/20 object-cover ring-4 ring-white/30 transition group-hover:ring-white/60"
            onError={(event) => {
              // A broken link (e.g. an expired provider picture) falls back to the default.
              if (!event.currentTarget.src.endsWith(FALLBACK_PHOTO))
                event.currentTarget.src = FALLBACK_PHOTO;
            }}
          />
          <span className="absolute -bottom-0.5 -right-0.5 rounded-full bg-white p-1 text-brand-600 md:p-1.5 shadow-md transition group-hover:scale-110">
            <CameraIcon className="h-3 w-3 md:h-4 md:w-4" />
          </span>
        </button>
        <p className="hidden w-full truncate px-1 text-base font-semibold xl:block" title={name}>
          {name}
        </p>
      </div>
      {editing && user ? (
        <Suspense fallback={<PopupLoading onClose={close} />}>
          <ProfilePictureModal uid={user.uid} onClose={close} />
        </Suspense>
      ) : null}
      <SidebarNav />
      <button
        type="button"
        onClick={() => void logout()}
        aria-label={shellStrings.layout.logout}
        title={shellStrings.layout.logout}
        className="flex shrink-0 items-center md:mt-auto md:w-full justify-center gap-3 rounded-xl px-3 py-3 xl:gap-2 xl:px-2.5 text-white/90 xl:justify-start transition-colors hover:bg-white/10 hover:text-white focus:outline-hidden focus-visible:ring-4 focus-visible:ring-white/60"
      >
        <LogoutIcon />
        <span className="hidden text-sm font-semibold xl:inline">{shellStrings.layout.logout}</span>
      </button>
    </aside>
  );
}
