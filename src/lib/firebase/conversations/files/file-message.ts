/**
 * File and voice messages as plain data (docs/data-model.md, "Files and voice messages"): the
 * limits the rules share, the descriptor a message carries (sealed), how a message's file
 * fields parse, and where the bytes live. Nothing here imports Firebase.
 *
 * The bytes live apart from the message, in chunks:
 * `chatFiles/{conversationId}/{fileId}` (a group's: `groupFiles/{groupId}/{fileId}`) =
 * `{ owner, last, createdAt, parts/{000..}, have/{000..}, done }`, the file id being its
 * message's id. Each part is one sealed chunk; `have` says which are stored without reading them
 * (an upload resumes from it); `done` is written with the message, after which nothing changes.
 */
import {
  parseConversationKey,
  type ConversationKey,
  type ConversationKind,
} from '../../../conversation-key';

/** The largest file: 25 MB (a photo goes the photo path whatever its size up to 20 MB). */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
/** Bytes of one chunk before sealing; the last chunk may be shorter. */
export const FILE_CHUNK_BYTES = 256 * 1024;
/** Chunks of the largest file, so a chunk index fits three digits. */
const FILE_CHUNKS_MAX = FILE_MAX_BYTES / FILE_CHUNK_BYTES;
/** A clear chunk in base64url (only where the conversation is not encrypted). */
export const CLEAR_CHUNK_MAX = Math.ceil((FILE_CHUNK_BYTES * 4) / 3);
/** A sealed chunk: the tag (16 bytes) and the seal's prefix, IV and dots on top. */
export const SEALED_CHUNK_MAX = Math.ceil(((FILE_CHUNK_BYTES + 16) * 4) / 3) + 100;
/** The longest file name kept (characters); a longer one is cut, its extension kept. */
const FILE_NAME_MAX = 200;
/** Voice messages: at most five minutes, the waveform in this many bars. */
export const VOICE_MAX_MS = 5 * 60 * 1000;
export const VOICE_LEVELS = 48;

export type FileKind = 'file' | 'voice';

/** What the sender seals about the bytes: their name, type, size and chunks; a voice's sound. */
export interface FileDescriptor {
  name: string;
  type: string;
  size: number;
  chunks: number;
  /** Voice: the duration measured while recording (ms). */
  durationMs?: number;
  /** Voice: the loudness of each bar of the waveform, 0–100, measured while recording. */
  levels?: number[];
}

/** A message's file: its id and kind, and its descriptor once opened (or why not). */
export interface MessageFileInfo {
  id: string;
  kind: FileKind;
  /** The message's sender, whose key seals the chunks (set by the message parsers). */
  sender?: string;
  /** The descriptor as stored: sealed, or clear JSON from a device without keys. */
  stored: string;
  /** Null while sealed and not opened, or when it is not a descriptor. */
  descriptor: FileDescriptor | null;
}

/** Chunks for `size` bytes (an empty file still has one, empty). */
export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES));

/** A chunk's key under `parts` and `have`: three digits, so the rules compare it as text. */
export const chunkKey = (index: number) => String(index).padStart(3, '0');

/** The file node of `fileId` in conversation `key`. */
export function conversationFilePath(key: ConversationKey, fileId: string) {
  const { kind, id } = parseConversationKey(key);
  return `${filesPath(kind, id)}/${fileId}`;
}

/** A conversation's files (`{filesPath}/{fileId}`). */
export const filesPath = (kind: ConversationKind, id: string) =>
  `${kind === 'group' ? 'groupFiles' : 'chatFiles'}/${id}`;

const isCount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** A descriptor from untrusted JSON, or null when it is not one this app wrote. */
export function parseDescriptor(json: string): FileDescriptor | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { name, type, size, chunks, durationMs, levels } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.length === 0 || name.length > FILE_NAME_MAX) return null;
  if (typeof type !== 'string' || type.length > 200) return null;
  if (!isCount(size, FILE_MAX_BYTES) || !isCount(chunks, FILE_CHUNKS_MAX)) return null;
  if (chunks !== chunkCount(size)) return null;
  const out: FileDescriptor = { name, type, size, chunks };
  if (durationMs !== undefined) {
    if (!isCount(durationMs, VOICE_MAX_MS + 5000)) return null;
    out.durationMs = durationMs;
  }
  if (levels !== undefined) {
    if (!Array.isArray(levels) || levels.length > VOICE_LEVELS) return null;
    if (!levels.every((level) => isCount(level, 100))) return null;
    out.levels = levels;
  }
  return out;
}

/** The descriptor as the message stores it (before sealing). */
export const descriptorJson = (descriptor: FileDescriptor) => JSON.stringify(descriptor);

/** `name` cut to the limit, its extension kept; a nameless file is 'file'. */
export function fileNameOf(name: string): string {
  // Control characters and path separators would confuse a save dialog.
  const safe = Array.from(name, (ch) =>
    ch.charCodeAt(0) < 32 || ch === '\u007f' || ch === '/' || ch === '\\' ? '_' : ch,
  ).join('');
  const clean = safe.trim() || 'file';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 12 ? clean.slice(dot) : '';
  return clean.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

/** The file fields of a stored message, or null for any other message (or a malformed one). */
export function parseMessageFileInfo(fields: Record<string, unknown>): MessageFileInfo | null {
  const { kind, fileId, file } = fields;
  if ((kind !== 'file' && kind !== 'voice') || typeof fileId !== 'string') return null;
  if (typeof file !== 'string') return null;
  // A sealed descriptor is no JSON: it parses as none until crypto.ts opens it.
  const descriptor = file.startsWith('{') ? parseDescriptor(file) : null;
  return { id: fileId, kind, stored: file, descriptor };
}
