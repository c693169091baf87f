import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import { attemptWrite } from '../../../lib/write-failure';
import {
  chunkCount,
  FILE_MAX_BYTES,
  fileNameOf,
  type FileDescriptor,
  type FileKind,
} from '../../../lib/firebase/conversations/shapes';
import { conversationKey, type ConversationKey } from '../../../lib/conversation-key';
import type { SentMessage } from '../../../lib/firebase/inbox/shapes';
import type { AppDispatch } from '../../../store/store';
import { conversationTarget } from '../timeline';
import { sendAcked, sendStarted } from '../sending';
import { filesStrings } from './files-strings';
import { formatDuration } from './file-format';

export interface FileToSend {
  blob: Blob;
  name: string;
  kind?: FileKind;
  /** Voice: measured while recording. */
  durationMs?: number;
  levels?: number[];
  replyTo?: string;
  forwarded?: true;
}

/**
 * Shows my file message as sending (the clock, not 'Sent') until the server stores it or it
 * ends otherwise; a failure is told by its toast, never listed for Retry (Retry sends text).
 */
async function trackUpload(
  dispatch: AppDispatch,
  key: ConversationKey,
  words: string,
  sent: SentMessage,
): Promise<void> {
  dispatch(sendStarted({ id: sent.id, key, text: words, upload: true }));
  try {
    await sent.acked;
  } finally {
    dispatch(sendAcked(sent.id));
  }
}

/** The problem with sending `blob`, or null: too large or empty, said before anything is sent. */
export function fileProblem(blob: Blob): string | null {
  if (blob.size > FILE_MAX_BYTES) return filesStrings.tooLarge(FILE_MAX_BYTES / 1024 / 1024);
  if (blob.size === 0) return filesStrings.empty;
  return null;
}

/**
 * Sends a file or a voice message to the open conversation (friend or group): its bytes in sealed
 * chunks, then the message. Resolves with the message id once the server stored it; a file that
 * cannot be sent, a refused write or a failed upload rejects with the toast text.
 */
export const sendConversationFile = createAppAsyncThunk(
  'conversations/sendFile',
  async (file: FileToSend, { getState, dispatch, extra, rejectWithValue }) => {
    const problem = fileProblem(file.blob);
    if (problem) return rejectWithValue(problem);
    const target = conversationTarget(getState());
    const sendFailed = filesStrings.sendFailed;
    if (target.kind === 'closed') return rejectWithValue(`${sendFailed}: ${target.reason}`);
    const kind = file.kind ?? 'file';
    const name = fileNameOf(file.name);
    const descriptor: FileDescriptor = {
      name,
      type: file.blob.type.slice(0, 200),
      size: file.blob.size,
      chunks: chunkCount(file.blob.size),
      ...(file.durationMs === undefined ? {} : { durationMs: Math.round(file.durationMs) }),
      ...(file.levels ? { levels: file.levels } : {}),
    };
    const words =
      kind === 'voice'
        ? filesStrings.voice.words(formatDuration(file.durationMs ?? 0))
        : filesStrings.words(name);
    const upload = { kind, blob: file.blob, descriptor, words };
    const extras = {
      ...(file.replyTo ? { replyTo: file.replyTo } : {}),
      ...(file.forwarded ? { forwarded: true as const } : {}),
    };
    return attemptWrite(
      sendFailed,
      async () => {
        const sent =
          target.kind === 'group'
            ? extra.chatFiles.sendToGroup(target.parties, upload, extras)
            : extra.chatFiles.send(target.parties, upload, extras);
        await trackUpload(dispatch, conversationKey(target.kind, target.id), words, sent);
        return sent.id;
      },
      rejectWithValue,
    );
  },
);

/**
 * Finishes my uploads that a reload, a closed tab or a crash cut (kept on this device until
 * sent): each resumes from the chunks stored, then its message goes, once. Resolves with how
 * many were resumed; a failed one rejects with the toast text (its stash and chunks are gone).
 */
export const resumeFileUploads = createAppAsyncThunk(
  'conversations/resumeFiles',
  async (uid: string, { dispatch, extra, rejectWithValue }) => {
    // Nothing readable here (no IndexedDB, its code not downloaded): nothing to resume.
    const sends = await extra.chatFiles.resumeUploads(uid).catch(() => []);
    const failures: string[] = [];
    await Promise.all(
      sends.map(({ sent, conversation, words }) =>
        attemptWrite(
          filesStrings.sendFailed,
          () => trackUpload(dispatch, conversation, words, sent),
          (text) => failures.push(text),
        ),
      ),
    );
    return failures.length === 0 ? sends.length : rejectWithValue(failures[0]);
  },
);
