import type { AppStartListening } from '../../../store/store';
import { whileSignedIn } from '../../../store/session';

/**
 * On each sign-in, the uploads this device kept for that user are finished (the thunk loads
 * then, off the signed-in first screen's JavaScript); at sign-out they are forgotten, as the
 * outbox drops held messages and search its index: nothing of the user stays on the device.
 */
export function addConversationFilesListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    void import('./conversations-file-thunks').then(
      ({ resumeFileUploads }) => api.dispatch(resumeFileUploads(uid)),
      () => undefined,
    );
    return () => void api.extra.chatFiles.forgetUploads(uid).catch(() => undefined);
  });
}
