import type { ConversationKey } from '../../../conversation-key';
import type { SentMessage } from '../../inbox/shapes';
import type { FileDescriptor, FileKind } from './file-message';

/** What the sender hands over: the bytes, what is sealed about them, and the message's words. */
export interface FileUpload {
  kind: FileKind;
  blob: Blob;
  descriptor: FileDescriptor;
  /** What lists, notifications and quotes show ('Voice message 0:12', the file's name). */
  words: string;
}

/** An upload resumed from the stash: its send, conversation and the words lists show. */
export interface ResumedUpload {
  sent: SentMessage;
  conversation: ConversationKey;
  words: string;
}

/** An upload's bytes stored so far, reported as they are acknowledged. */
export type UploadProgress = (sent: number, total: number) => void;

export interface Upload {
  conversation: ConversationKey;
  sent: number;
  total: number;
  cancelled: boolean;
  listeners: Set<UploadProgress>;
  /** Told once the upload ended (stored, refused or cancelled). */
  ended: Set<() => void>;
  /** Abort its chunk requests in flight: the connection dropped, or it was cancelled. */
  cuts: Set<() => void>;
}
