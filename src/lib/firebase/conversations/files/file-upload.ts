import type { ConversationKey } from '../../../conversation-key';
import type { DatabaseRest } from '../../database-rest';
import type { SentMessage } from '../../inbox/shapes';
import type { Outbox } from '../outbox';
import { sendThroughOutbox, type OutgoingSend } from '../outbox-send';
import { refusedForNow, withReachFollowingMoves, type Placements, type Reach } from '../placement';
import type { CryptoNow } from '../sealing';
import { connectionWatches } from './connection-watch';
import type { makeFileBytes } from './file-bytes';
import type { UploadJob } from './file-chunks';
import { conversationFilePath } from './file-message';
import type { StashedFileSend } from './stashed-send';
import { claimUpload } from './upload-lock';
import type { UploadRegistry } from './upload-registry';
import type { UploadStash } from './upload-stash';
import type { FileUpload, Upload } from './upload-types';

/** The chunk store loads with the first upload or download, off the first screen. */
export const chunkStore = () => import('./file-chunks');

/**
 * Removes what is stored of the file at `path` (a refused or cancelled upload), within the three
 * connections like its upload; a failure leaves it to the server's clean-up.
 */
export const dropStoredFile = (placements: Placements, key: ConversationKey, path: string) =>
  Promise.resolve(placements.reach(key))
    .then((on) => on.run((at) => at.update({ [path]: null })))
    .catch(() => undefined);

export interface FileUploadDeps {
  placements: Placements;
  /** The REST address of a conversation's instance: the chunks go up that way. */
  restOf: (on: Reach) => DatabaseRest;
  cryptoNow: CryptoNow;
  outbox: Outbox;
  stash: UploadStash;
  uploads: UploadRegistry;
  bytes: ReturnType<typeof makeFileBytes>;
  /** The server's time now, as this page estimates it (a sealed update carries it). */
  clock: () => number;
}

/**
 * A file's send (docs/data-model.md, "Files and voice messages"): the upload of its chunks is
 * the send's sealing step, so offline it is held with the message and resumes on the next
 * connection from the chunks stored; then the message goes through the outbox like a text's.
 * Everything on the conversation's instance goes within the three connections (its reach): the
 * bookkeeping by `run`, the chunks over REST, cut and resumed as the reach's connection goes.
 */
export function makeFileUpload(deps: FileUploadDeps) {
  const { placements, cryptoNow, outbox, stash, uploads, bytes } = deps;
  const watchOf = connectionWatches((onChange) => placements.watchOnline(onChange));

  /** What the chunk store needs of the upload `upload` of `id`, reached by `on`. */
  const jobOf = (
    on: Reach,
    key: ConversationKey,
    id: string,
    upload: Upload,
    owner: string,
    blob: Blob,
    seal: UploadJob['seal'],
  ): UploadJob => {
    const watch = watchOf(on);
    return {
      conversation: key,
      fileId: id,
      owner,
      blob,
      seal,
      onProgress: (sent) => {
        upload.sent = sent;
        uploads.report(id);
      },
      cancelled: () => upload.cancelled,
      // The instance the chunks go to: its drop cuts them, its return resumes them.
      connected: watch.connected,
      whenConnected: watch.whenConnected,
      onCut: (abort) => {
        upload.cuts.add(abort);
        const undoDrop = watch.onCut(abort);
        return () => {
          upload.cuts.delete(abort);
          undoDrop();
        };
      },
    };
  };

  return {
    /** Resolves once `on` can be reached (a resume reads whether its message is stored). */
    whenConnected: (on: Reach) => watchOf(on).whenConnected(),

    /** The send of `file` as message `id` of conversation `key`; `resumed`: from the stash. */
    sendFile: (
      key: ConversationKey,
      id: string,
      parties: readonly string[],
      file: FileUpload,
      send: Pick<OutgoingSend, 'path' | 'sender' | 'changes' | 'parse'>,
      stashed: StashedFileSend,
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
      const upload: Upload = {
        conversation: key,
        sent: 0,
        total: file.blob.size,
        cancelled: false,
        listeners: new Set(),
        ended: new Set(),
        cuts: new Set(),
      };
      uploads.start(id, upload);
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
          const seal: UploadJob['seal'] = (index, chunk) =>
            crypto
              ? crypto.sealChunk(key, parties, id, index, chunk)
              : Promise.reject(new Error('Nobody is signed in'));
          // Refused while the conversation moves: resumed where it went, from the chunks the
          // move copied there.
          await withReachFollowingMoves(placements, key, (on) =>
            uploadChunks(
              on,
              deps.restOf(on),
              jobOf(on, key, id, upload, send.sender, file.blob, seal),
            ),
          );
          if (upload.cancelled) throw new UploadCancelled();
          return crypto ? crypto.sealUpdate(key, changes, { parties, now: deps.clock() }) : changes;
        },
      });
      const end = () => {
        uploads.end(id, upload);
        void kept.then(() => stash.drop(send.sender, id)).catch(() => undefined);
      };
      // Held by this tab until it settles: another tab's start does not resume it meanwhile.
      if (!resumed) void claimUpload(id, false).then((hold) => hold?.(sent.acked));
      // Refused or failed: its chunks are taken back, so nothing of it is left stored.
      sent.acked.then(end, () => {
        end();
        void dropStoredFile(placements, key, path);
      });
      return sent;
    },
  };
}
