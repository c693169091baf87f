import type { AppStartListening } from '../../../store/store';
import { whileSignedIn } from '../../../store/session';
import { resumeFileUploads } from './conversations-file-thunks';

/** On each sign-in, the uploads this device kept for that user are finished. */
export function addConversationFilesListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    void api.dispatch(resumeFileUploads(uid));
    return () => undefined;
  });
}
