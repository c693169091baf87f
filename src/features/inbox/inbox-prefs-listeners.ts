import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { inboxPrefsClockTicked, inboxPrefsFailed, inboxPrefsReceived } from './inbox-prefs-slice';

/** A mute ends within this long of its time. */
const CLOCK_TICK_MS = 30_000;

/** My `inboxPrefs/{uid}` from sign-in to sign-out, and the clock the mutes end by. */
export function addInboxPrefsListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, { dispatch, extra }) => {
    const stop = extra.inboxPrefs.subscribe(
      uid,
      (prefs) => dispatch(inboxPrefsReceived(prefs)),
      () => dispatch(inboxPrefsFailed()),
    );
    const clock = setInterval(() => dispatch(inboxPrefsClockTicked(Date.now())), CLOCK_TICK_MS);
    return () => {
      clearInterval(clock);
      stop();
    };
  });
}
