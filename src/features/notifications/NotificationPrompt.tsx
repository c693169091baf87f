import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/Button';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { saveSetting } from '../settings';
import { notificationsStrings } from './notifications-strings';
import { notificationPromptClosed } from './notifications-slice';

const { prompt: t } = notificationsStrings;

/** Once per person and browser: after the first offer, never again. */
const shownKey = (uid: string) => `notificationPrompt:${uid}`;

function alreadyShown(uid: string): boolean {
  try {
    return localStorage.getItem(shownKey(uid)) !== null;
  } catch {
    return true;
  }
}

/**
 * The one-time offer to turn desktop notifications on, after the first message that came while
 * the tab was hidden (never on page load). 'Turn on' asks the browser, then saves the setting; a
 * refusal is explained with how to undo it.
 */
export default function NotificationPrompt() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector((state) => state.notifications.owner);
  const [show] = useState(() => uid !== null && !alreadyShown(uid));
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    if (!uid) return;
    try {
      localStorage.setItem(shownKey(uid), String(Date.now()));
    } catch {
      // Private mode: the offer may come once more in a later session.
    }
    if (!show) dispatch(notificationPromptClosed());
  }, [uid, show, dispatch]);
  if (!show || typeof Notification === 'undefined') return null;
  const close = () => dispatch(notificationPromptClosed());
  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return setDenied(true);
    await dispatch(saveSetting({ key: 'browserNotifications', value: true }));
    close();
  };
  // Out of the sidebar's link it is rendered from, over the page.
  return createPortal(
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="notification-prompt-title"
      className="fixed bottom-4 right-4 z-40 max-w-sm rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200"
    >
      <h2 id="notification-prompt-title" className="font-semibold text-slate-900">
        {t.title}
      </h2>
      <p role={denied ? 'alert' : undefined} className="mt-1 text-sm text-slate-700">
        {denied ? t.denied : t.body}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t.notNow}
        </Button>
        {denied ? null : <Button onClick={() => void turnOn()}>{t.turnOn}</Button>}
      </div>
    </div>,
    document.body,
  );
}
