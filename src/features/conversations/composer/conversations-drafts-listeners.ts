import type { AppStartListening } from '../../../store/store';
import { whileSignedIn } from '../../../store/session';
import { selectDraftsKeyState } from '../../encryption';
import { draftsFailed, draftsReceived, draftsReopened } from './conversations-drafts-slice';

/**
 * My `drafts/{uid}` from sign-in to sign-out: a draft typed on another device shows up here.
 * Sealed drafts open with the drafts key, which comes with the backup key: they are
 * read again when this device gets it (at start, or at an approval or a recovery key).
 */
export function addDraftsListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, { dispatch, extra }) => {
    const subscribe = () =>
      extra.drafts.subscribe(
        uid,
        (drafts) => dispatch(draftsReceived(drafts)),
        () => dispatch(draftsFailed()),
      );
    let stop = subscribe();
    const unlisten = start({
      predicate: (_action, current, previous) =>
        selectDraftsKeyState(current) === 'held' && selectDraftsKeyState(previous) !== 'held',
      effect: () => {
        stop();
        dispatch(draftsReopened());
        stop = subscribe();
      },
    });
    return () => {
      unlisten();
      stop();
    };
  });
}
