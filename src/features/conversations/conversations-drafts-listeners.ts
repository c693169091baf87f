import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { selectDraftsKeyState } from '../encryption';
import { draftsFailed, draftsReceived } from './conversations-drafts-slice';

/**
 * My `drafts/{uid}` from sign-in to sign-out: a draft typed on another device shows up here.
 * Sealed drafts open with the drafts key, which comes with the backup key (issue 28): they are
 * read once this device knows whether it holds that key, so the open conversation's draft is put
 * back opened rather than missing, and read again when it gets it (an approval, a recovery key).
 */
export function addDraftsListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, listenerApi) => {
    const { dispatch, extra } = listenerApi;
    let stop: (() => void) | null = null;
    const subscribe = () => {
      stop?.();
      stop = extra.drafts.subscribe(
        uid,
        (drafts) => dispatch(draftsReceived(drafts)),
        () => dispatch(draftsFailed()),
      );
    };
    if (selectDraftsKeyState(listenerApi.getState()) !== 'unknown') subscribe();
    const unlisten = start({
      predicate: (_action, current, previous) => {
        const now = selectDraftsKeyState(current);
        const before = selectDraftsKeyState(previous);
        return now !== before && (before === 'unknown' || now === 'held');
      },
      effect: subscribe,
    });
    return () => {
      unlisten();
      stop?.();
    };
  });
}
