import { push, ref, update, type Database } from 'firebase/database';
import { directKey, groupKey, type ConversationKey } from '../../../conversation-key';
import type { DatabaseRest } from '../../database-rest';
import type { SentMessage } from '../../inbox/shapes';
import { conversationFilePath, type MessageFileInfo } from './file-message';
import { directFileSendWrite, groupFileSendWrite } from './file-send-write';
/** The chunk store loads with the first upload or download, off the first screen. */
const chunkStore = () => import('./file-chunks');
import { directConversations, groupConversations } from '../location';
import type { Outbox } from '../outbox';
import { outboxOf, sendThroughOutbox, type OutgoingSend } from '../outbox-send';
import type { CryptoNow } from '../sealing';
import type { GroupParties, MessageParties, SendExtras } from '../send-write';
import { serverClockOf } from '../integrity/server-clock';
import { placementsOf, refusedForNow, writeOnDatabaseFollowingMoves } from '../placement';
import { hintOnceStored } from '../placement/hints';
import { uploadStashHere, type UploadStash } from './upload-stash';
import { stashedSend, type StashedFileSend } from './stashed-send';
import { claimUpload } from './upload-lock';
import { makeFileBytes } from './file-bytes';
import { connectionWatches } from './connection-watch';
import { resumeUpload } from './resume-upload';
import type { UploadJob } from './file-chunks';
import type { FileUpload, ResumedUpload, Upload, UploadProgress } from './upload-types';

export * from './file-message';
export type { FileUpload, ResumedUpload, UploadProgress } from './upload-types';

/**
 * File and voice messages (docs/data-model.md, "Files and voice messages"): the bytes go up in
 * sealed chunks, then the message through the same outbox as texts, marking the file done in
 * its own update. The upload is the send's sealing step, so offline it is held with the message
 * and on the next connection it resumes from the chunks stored. Downloads read chunk by chunk.
 * This is the one place that knows the bytes live in the database: a Cloud Storage gateway would
 * implement the same `send`/`download` (docs/data-model.md says how). The chunks go up over
 * REST, to the conversation's instance: `restOf` gives its address.
 */
export function makeConversationFilesApi(
  db: Database,
  restOf: (instance: Database) => DatabaseRest,
  cryptoNow: CryptoNow = () => Promise.resolve(null),
  outbox: Outbox = outboxOf(db),
  stash: UploadStash = uploadStashHere(),
) {
  const clock = serverClockOf(db);
  const uploads = new Map<string, Upload>();
  // Watchers of an upload that has not started here yet (a reload's resume starts it later).
  const waiting = new Map<string, Set<() => void>>();
  // A file's chunks are on its conversation's instance, with its message.
  const placements = placementsOf(db);
  const databaseOf = (key: ConversationKey) => placements.whereIs(key);
  const watchOf = connectionWatches(db, (onChange) => placements.watchOnline(onChange));
  const bytes = makeFileBytes();

  const report = (id: string) => {
    const upload = uploads.get(id);
    if (upload) for (const listener of upload.listeners) listener(upload.sent, upload.total);
  };

  const sendFile = (
    key: ConversationKey,
    id: string,
    parties: readonly string[],
    file: FileUpload,
    send: Pick<OutgoingSend, 'path' | 'sender' | 'changes' | 'parse'>,
    stashed: StashedFileSend,
    /** Resumed from the stash: it is kept there already. */
    resumed = false,
  ): SentMessage => {
    const path = conversationFilePath(key, id);
    bytes.keepMine(path, file.blob);
    // Kept on this device until it is sent, so a reload resumes it (upload-stash.ts). Not
    // kept (no IndexedDB, a full disk): it still goes while this page lives.
    const kept = resumed
      ? Promise.resolve()
      : stash
          .put({ uid: send.sender, fileId: id, at: Date.now(), send: stashed, blob: file.blob })
          .catch(() => undefined);
    const unstash = () => {
      void kept.then(() => stash.drop(send.sender, id)).catch(() => undefined);
    };
    const upload: Upload = {
      conversation: key,
      sent: 0,
      total: file.blob.size,
      cancelled: false,
      listeners: new Set(),
      ended: new Set(),
      cuts: new Set(),
    };
    uploads.set(id, upload);
    const starts = waiting.get(id);
    waiting.delete(id);
    for (const start of starts ?? []) start();
    const sent = sendThroughOutbox(() => placements.reach(key), outbox, {
      ...send,
      id,
      conversation: key,
      retry: false,
      text: file.words,
      refusedForNow: (on) => refusedForNow(placements, key, on),
      seal: async (changes) => {
        const [crypto, { uploadChunks, UploadCancelled }] = await Promise.all([
          cryptoNow(),
          chunkStore(),
        ]);
        // Refused while the conversation moves: resumed where it went, from the chunks the
        // move copied there.
        const jobOn = (on: Database): UploadJob => ({
          conversation: key,
          fileId: id,
          owner: send.sender,
          blob: file.blob,
          seal: (index, bytes) =>
            crypto
              ? crypto.sealChunk(key, parties, id, index, bytes)
              : Promise.reject(new Error('Nobody is signed in')),
          onProgress: (bytes) => {
            upload.sent = bytes;
            report(id);
          },
          cancelled: () => upload.cancelled,
          // The instance the chunks go to: its drop cuts them, its return resumes them.
          connected: watchOf(on).connected,
          whenConnected: watchOf(on).whenConnected,
          onCut: (abort) => {
            upload.cuts.add(abort);
            const undoDrop = watchOf(on).onCut(abort);
            return () => {
              upload.cuts.delete(abort);
              undoDrop();
            };
          },
        });
        await writeOnDatabaseFollowingMoves(placements, key, (on) =>
          uploadChunks(on, restOf(on), jobOn(on)),
        );
        if (upload.cancelled) throw new UploadCancelled();
        return crypto ? crypto.sealUpdate(key, changes, { parties, now: clock() }) : changes;
      },
    });
    // Refused or failed: its chunks are taken back, so nothing of it is left stored.
    const end = () => {
      uploads.delete(id);
      unstash();
      for (const ended of upload.ended) ended();
    };
    // Held by this tab until it settles: another tab's start does not resume it meanwhile.
    if (!resumed) void claimUpload(id, false).then((hold) => hold?.(sent.acked));
    sent.acked.then(end, () => {
      end();
      void Promise.resolve(databaseOf(key))
        .then((on) => update(ref(on), { [path]: null }))
        .catch(() => undefined);
    });
    return sent;
  };

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
    whenConnected: (on: Database) => watchOf(on).whenConnected(),
    databaseOf,
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
    watchUpload(id: string, listener: UploadProgress, ended?: () => void): () => void {
      let stop = () => {
        const starts = waiting.get(id);
        starts?.delete(attach);
        if (starts?.size === 0) waiting.delete(id);
      };
      function attach() {
        const upload = uploads.get(id);
        if (!upload) return;
        upload.listeners.add(listener);
        if (ended) upload.ended.add(ended);
        listener(upload.sent, upload.total);
        stop = () => {
          upload.listeners.delete(listener);
          if (ended) upload.ended.delete(ended);
        };
      }
      if (uploads.has(id)) attach();
      else waiting.set(id, (waiting.get(id) ?? new Set()).add(attach));
      return () => stop();
    },

    /**
     * Cancels the upload of my message `id`: the message is withdrawn (never stored, never
     * counted) and the chunks stored so far are removed. False when it was already sent.
     */
    async cancelUpload(id: string): Promise<boolean> {
      const upload = uploads.get(id);
      if (!upload || !outbox.withdraw(id)) return false;
      upload.cancelled = true;
      for (const cut of upload.cuts) cut();
      uploads.delete(id);
      for (const ended of upload.ended) ended();
      const path = conversationFilePath(upload.conversation, id);
      bytes.dropMine(path);
      await Promise.resolve(databaseOf(upload.conversation))
        .then((on) => update(ref(on), { [path]: null }))
        .catch(() => undefined);
      return true;
    },

    /**
     * The bytes of message file `file` in conversation `key`, opened chunk by chunk; `sealed`:
     * its message was sealed (then clear chunks are not taken). Rejects with FileUnreadable.
     */
    download(
      key: ConversationKey,
      file: MessageFileInfo,
      sealed: boolean,
      onProgress?: (received: number, total: number) => void,
    ): Promise<Blob> {
      const path = conversationFilePath(key, file.id);
      const known = bytes.known(path);
      if (known) return known;
      const descriptor = file.descriptor;
      if (!descriptor) return Promise.reject(new Error('The file is not open'));
      const sender = file.sender ?? '';
      const blob = Promise.all([cryptoNow(), chunkStore(), databaseOf(key)]).then(
        ([crypto, { downloadChunks }, on]) =>
          downloadChunks(on, {
            conversation: key,
            fileId: file.id,
            chunks: descriptor.chunks,
            size: descriptor.size,
            type: descriptor.type,
            open: (index, value) =>
              crypto
                ? crypto.openChunk(key, sender, file.id, index, value, sealed)
                : Promise.resolve(null),
            onProgress: (received) => onProgress?.(received, descriptor.size),
          }),
      );
      bytes.remember(path, blob, descriptor.size);
      return blob;
    },
  };
}

export type ConversationFilesApi = ReturnType<typeof makeConversationFilesApi>;

declare module '../../../../store/gateways' {
  interface DatabaseGateways {
    chatFiles: ConversationFilesApi;
  }
}
