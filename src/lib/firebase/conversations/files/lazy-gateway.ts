import { push, ref, type Database } from 'firebase/database';
import type { DatabaseRest } from '../../database-rest';
import { asSentMessage, type SentMessage } from '../../inbox/shapes';
import type { CryptoNow } from '../sealing';
import type { GroupParties, MessageParties, SendExtras } from '../send-write';
import type { ConversationFilesApi, FileUpload } from './gateway';

/**
 * The files gateway (gateway.ts) loaded with its first use, off the signed-in first screen. A
 * send's id is made here at once, as the full gateway would; the rest waits for the module (a
 * few milliseconds, once).
 */
export function makeLazyConversationFilesApi(
  db: Database,
  restOf: (instance: Database) => DatabaseRest,
  cryptoNow: CryptoNow,
): ConversationFilesApi {
  let loaded: Promise<ConversationFilesApi> | null = null;
  let api: ConversationFilesApi | null = null;
  const load = () =>
    (loaded ??= import('./gateway').then(
      (module) => (api = module.makeConversationFilesApi(db, restOf, cryptoNow)),
      (error: unknown) => {
        // A failed download is tried again by the next call.
        loaded = null;
        throw error;
      },
    ));
  const later = (id: string, send: (files: ConversationFilesApi) => SentMessage): SentMessage =>
    asSentMessage(
      id,
      load().then((files) => send(files).acked),
    );
  return {
    send(parties: MessageParties, file: FileUpload, extras?: SendExtras, id?: string | null) {
      const key = id ?? push(ref(db, `sendMessage/${parties.conversationId}`)).key;
      if (!key) throw new Error('A push id is always generated');
      return later(key, (files) => files.send(parties, file, extras, key));
    },
    sendToGroup(parties: GroupParties, file: FileUpload, extras?: SendExtras, id?: string | null) {
      const key = id ?? push(ref(db, `groupMessages/${parties.groupId}`)).key;
      if (!key) throw new Error('A push id is always generated');
      return later(key, (files) => files.sendToGroup(parties, file, extras, key));
    },
    // The stash alone is read first (a few kB): most starts have nothing to resume.
    resumeUploads: async (uid) => {
      const { uploadStashHere } = await import('./upload-stash');
      if (!(await uploadStashHere().holds(uid))) return [];
      return (await load()).resumeUploads(uid);
    },
    forgetUploads: async (uid) => (await import('./upload-stash')).uploadStashHere().dropAll(uid),
    // Asked before the module loaded (a bubble of an upload a reload kept, drawn from the outbox
    // before its resume starts): it watches once the module is here.
    watchUpload: (...args) => {
      if (api) return api.watchUpload(...args);
      let stop: (() => void) | null = null;
      let stopped = false;
      void load().then(
        (files) => {
          if (!stopped) stop = files.watchUpload(...args);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    cancelUpload: (id) => load().then((files) => files.cancelUpload(id)),
    download: (...args) => load().then((files) => files.download(...args)),
  };
}
