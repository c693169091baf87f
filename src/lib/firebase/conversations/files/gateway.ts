import { push, ref, type Database } from 'firebase/database';
import { directKey, groupKey, type ConversationKey } from '../../../conversation-key';
import type { DatabaseRest } from '../../database-rest';
import type { SentMessage } from '../../inbox/shapes';
import { conversationFilePath } from './file-message';
import { directFileSendWrite, groupFileSendWrite } from './file-send-write';
import { directConversations, groupConversations } from '../location';
import type { Outbox } from '../outbox';
import { outboxOf } from '../outbox-send';
import type { CryptoNow } from '../sealing';
import type { GroupParties, MessageParties, SendExtras } from '../send-write';
import { serverClockOf } from '../integrity/server-clock';
import { placementsOf } from '../placement';
import { hintOnceStored } from '../placement/hints';
import { uploadStashHere, type UploadStash } from './upload-stash';
import { stashedSend } from './stashed-send';
import { makeFileBytes } from './file-bytes';
import { makeFileDownload } from './file-download';
import { dropStoredFile, makeFileUpload } from './file-upload';
import { makeUploadRegistry } from './upload-registry';
import { resumeUpload } from './resume-upload';
import type { FileUpload, ResumedUpload, UploadProgress } from './upload-types';

export * from './file-message';
export type { FileUpload, ResumedUpload, UploadProgress } from './upload-types';

/**
 * File and voice messages (docs/data-model.md, "Files and voice messages"): the bytes go up in
 * sealed chunks, then the message through the same outbox as texts, marking the file done in
 * its own update. The upload is the send's sealing step, so offline it is held with the message
 * and on the next connection it resumes from the chunks stored. Downloads read chunk by chunk.
 * This is the one place that knows the bytes live in the database: a Cloud Storage gateway would
 * implement the same `send`/`download` (docs/data-model.md says how). The chunks go up over
 * REST, to the conversation's instance: `restOf` gives its address. The upload is
 * file-upload.ts, the download file-download.ts, both within the three connections
 * (docs/scaling.md); the uploads' progress is followed in upload-registry.ts.
 */
export function makeConversationFilesApi(
  db: Database,
  restOf: (instance: Database) => DatabaseRest,
  cryptoNow: CryptoNow = () => Promise.resolve(null),
  outbox: Outbox = outboxOf(db),
  stash: UploadStash = uploadStashHere(),
) {
  // A file's chunks are on its conversation's instance, with its message.
  const placements = placementsOf(db);
  const uploads = makeUploadRegistry();
  const bytes = makeFileBytes();
  const { sendFile, whenConnected } = makeFileUpload({
    placements,
    restOf: (on) => restOf(on.db),
    cryptoNow,
    outbox,
    stash,
    uploads,
    bytes,
    clock: serverClockOf(db),
  });

  /** The send of `file` to the friend, its id given (new, or resumed from the stash). */
  const sendDirect = (
    parties: MessageParties,
    file: FileUpload,
    extras: SendExtras | undefined,
    id: string,
    resumed = false,
  ): SentMessage => {
    const everyone = [parties.from.uid, parties.to.uid];
    const stashed = stashedSend('direct', parties, file, extras);
    const sent = sendFile(
      directKey(parties.conversationId),
      id,
      everyone,
      file,
      {
        path: `sendMessage/${parties.conversationId}/${id}`,
        sender: parties.from.uid,
        changes: (words, server) => ({
          ...directFileSendWrite(parties, id, file, words, server, extras),
          ...extras?.extraChanges?.(id, server),
        }),
        parse: (value) => directConversations.parse(parties.conversationId, id, value),
      },
      stashed,
      resumed,
    );
    // As a text's: the friend's home hears of it by a hint (a group's come from the relay).
    return hintOnceStored(sent, placements, directKey(parties.conversationId), parties.to.uid);
  };

  /** The post of `file` to a group, its id given (new, or resumed from the stash). */
  const sendGroup = (
    parties: GroupParties,
    file: FileUpload,
    extras: SendExtras | undefined,
    id: string,
    resumed = false,
  ): SentMessage => {
    const everyone = [parties.from.uid, ...parties.to];
    const stashed = stashedSend('group', parties, file, extras);
    return sendFile(
      groupKey(parties.groupId),
      id,
      everyone,
      file,
      {
        path: `groupMessages/${parties.groupId}/${id}`,
        sender: parties.from.uid,
        changes: (words, server) => ({
          ...groupFileSendWrite(parties, id, file, words, server, extras),
          ...extras?.extraChanges?.(id, server),
        }),
        parse: (value) => groupConversations.parse(parties.groupId, id, value),
      },
      stashed,
      resumed,
    );
  };

  const resumeDeps = {
    stash,
    uploading: (fileId: string) => uploads.has(fileId),
    whenConnected,
    reach: (key: ConversationKey) => placements.reach(key),
    sendDirect,
    sendGroup,
  };

  return {
    /** Sends `file` to the friend, through the outbox (held offline, resumed on reconnect). */
    send(
      parties: MessageParties,
      file: FileUpload,
      extras?: SendExtras,
      id = push(ref(db, `sendMessage/${parties.conversationId}`)).key,
    ): SentMessage {
      if (!id) throw new Error('A push id is always generated');
      return sendDirect(parties, file, extras, id);
    },

    /** Posts `file` to a group (every other member's count + 1). */
    sendToGroup(
      parties: GroupParties,
      file: FileUpload,
      extras?: SendExtras,
      id = push(ref(db, `groupMessages/${parties.groupId}`)).key,
    ): SentMessage {
      if (!id) throw new Error('A push id is always generated');
      return sendGroup(parties, file, extras, id);
    },

    /**
     * Resumes `uid`'s uploads that a reload, a closed tab or a crash cut (kept on this device,
     * upload-stash.ts): each from the chunks stored, then its message, once. One whose message
     * is stored already is only forgotten. A stash that cannot be read now stays for next time.
     */
    async resumeUploads(uid: string): Promise<ResumedUpload[]> {
      const resumed: ResumedUpload[] = [];
      for (const { fileId, send, blob } of await stash.list(uid)) {
        try {
          const resumedOne = await resumeUpload(resumeDeps, uid, fileId, send, blob);
          if (resumedOne) resumed.push(resumedOne);
        } catch {
          // Unreadable now (offline, refused): tried again on the next start.
        }
      }
      return resumed;
    },

    /** Forgets `uid`'s uploads kept on this device (a sign-out: not resumed for anyone). */
    forgetUploads: (uid: string): Promise<void> => stash.dropAll(uid),

    /**
     * Follows the upload of my message `id`: `listener(sent, total)` now (or once it starts
     * here, as a reload's resume does) and as chunks are stored, `ended` once it is over.
     * Returns the unsubscribe.
     */
    watchUpload: (id: string, listener: UploadProgress, ended?: () => void): (() => void) =>
      uploads.watch(id, listener, ended),

    /**
     * Cancels the upload of my message `id`: the message is withdrawn (never stored, never
     * counted) and the chunks stored so far are removed. False when it was already sent.
     */
    async cancelUpload(id: string): Promise<boolean> {
      const upload = uploads.get(id);
      if (!upload || !outbox.withdraw(id)) return false;
      upload.cancelled = true;
      for (const cut of upload.cuts) cut();
      uploads.end(id, upload);
      const path = conversationFilePath(upload.conversation, id);
      bytes.dropMine(path);
      await dropStoredFile(placements, upload.conversation, path);
      return true;
    },

    /**
     * The bytes of message file `file` in conversation `key`, opened chunk by chunk; `sealed`:
     * its message was sealed (then clear chunks are not taken). Rejects with FileUnreadable.
     */
    download: makeFileDownload(placements, cryptoNow, bytes),
  };
}

export type ConversationFilesApi = ReturnType<typeof makeConversationFilesApi>;

declare module '../../../../store/gateways' {
  interface DatabaseGateways {
    chatFiles: ConversationFilesApi;
  }
}
