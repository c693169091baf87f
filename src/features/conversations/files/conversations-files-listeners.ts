import type { AppStartListening } from '../../../store/store';
import { whileSignedIn } from '../../../store/session';

/**
 * On each sign-in, the uploads this device kept for that user are finished. The thunk loads
 * then, off the signed-in first screen's JavaScript.
 */
export function addConversationFilesListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    void import('./conversations-file-thunks').then(
      ({ resumeFileUploads }) => api.dispatch(resumeFileUploads(uid)),
      () => undefined,
    );
    return () => undefined;
  });
}
