import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { draftsFailed, draftsReceived } from './conversations-drafts-slice';

/** My `drafts/{uid}` from sign-in to sign-out: a draft typed on another device shows up here. */
export function addDraftsListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, { dispatch, extra }) =>
    extra.drafts.subscribe(
      uid,
      (drafts) => dispatch(draftsReceived(drafts)),
      () => dispatch(draftsFailed()),
    ),
  );
}
