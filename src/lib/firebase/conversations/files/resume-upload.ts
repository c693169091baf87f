import { directKey, groupKey, type ConversationKey } from '../../../conversation-key';
import type { Reach } from '../placement';
import type { SentMessage } from '../../inbox/shapes';
import type { GroupParties, MessageParties, SendExtras } from '../send-write';
import type { FileUpload, ResumedUpload } from './upload-types';
import { parseStashedSend } from './stashed-send';
import { claimUpload } from './upload-lock';
import type { UploadStash } from './upload-stash';

/** What resuming a stashed upload needs of the files gateway. */
export interface ResumeDeps {
  stash: UploadStash;
  uploading: (fileId: string) => boolean;
  /** Resolves once `on` (the conversation's instance) can be reached (connection-watch.ts). */
  whenConnected: (on: Reach) => Promise<void>;
  /** The conversation's instance within the bound (`placements.reach`). */
  reach: (key: ConversationKey) => Reach | Promise<Reach>;
  /** The send of a file, its id given; `resumed`: kept in the stash already. */
  sendDirect: (
    p: MessageParties,
    f: FileUpload,
    e: SendExtras | undefined,
    id: string,
    resumed: boolean,
  ) => SentMessage;
  sendGroup: (
    p: GroupParties,
    f: FileUpload,
    e: SendExtras | undefined,
    id: string,
    resumed: boolean,
  ) => SentMessage;
}

/**
 * A stashed send (upload-stash.ts), resumed: null when it needs nothing more (sent, not mine,
 * or another tab holds it). Boxed: a SentMessage is a promise, which an async function's result
 * would wait for.
 */
export async function resumeUpload(
  deps: ResumeDeps,
  uid: string,
  fileId: string,
  value: unknown,
  blob: Blob,
): Promise<ResumedUpload | null> {
  const { stash, uploading } = deps;
  const stashed = parseStashedSend(value);
  if (!stashed || stashed.parties.from.uid !== uid || uploading(fileId)) {
    if (!uploading(fileId)) await stash.drop(uid, fileId);
    return null;
  }
  const file: FileUpload = { ...stashed.file, blob };
  const messagePath =
    stashed.to === 'direct'
      ? `sendMessage/${stashed.parties.conversationId}/${fileId}`
      : `groupMessages/${stashed.parties.groupId}/${fileId}`;
  const key =
    stashed.to === 'direct'
      ? directKey(stashed.parties.conversationId)
      : groupKey(stashed.parties.groupId);
  // Another tab sends it now (it holds its lock): that tab finishes it.
  const hold = await claimUpload(fileId, true);
  if (!hold) return null;
  let release: () => void = () => undefined;
  hold(new Promise<void>((resolve) => (release = resolve)));
  // Its message stored before the page went (the stash not dropped yet): sent, exactly once.
  try {
    const on = await deps.reach(key);
    await deps.whenConnected(on);
    if ((await on.run((at) => at.read(messagePath))) !== null) {
      await stash.drop(uid, fileId);
      release();
      return null;
    }
  } catch (error) {
    release();
    throw error;
  }
  const sent =
    stashed.to === 'direct'
      ? deps.sendDirect(stashed.parties, file, stashed.extras, fileId, true)
      : deps.sendGroup(stashed.parties, file, stashed.extras, fileId, true);
  sent.acked.then(
    () => release(),
    () => release(),
  );
  return { conversation: key, words: stashed.file.words, sent };
}
