/**
 * A file's bytes in the database, chunk by chunk (file-message.ts): the upload, which resumes
 * from the chunks already stored (`have`) without sending them again (after a failed attempt or
 * a reload that kept the bytes), and waits out a dropped connection; and the download. At most
 * two chunks are in flight each way, so neither side holds more than the file itself plus a few
 * chunks: the sender reads each chunk from its `Blob` as it goes, the receiver gathers the opened
 * chunks into a new `Blob`.
 */
import { get, ref, serverTimestamp, update, increment, type Database } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import { chunkCount, chunkKey, conversationFilePath, FILE_CHUNK_BYTES } from './file-message';
import { fileStartWrite } from './file-send-write';
import { isRefusal } from '../send-once';

/** The sender cancelled the upload. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'UploadCancelled';
  }
}

/** A chunk that is missing or does not open: the file cannot be shown as it was sent. */
class FileUnreadable extends Error {
  constructor() {
    super('The file could not be read');
    this.name = 'FileUnreadable';
  }
}

export interface UploadJob {
  conversation: ConversationKey;
  fileId: string;
  owner: string;
  blob: Blob;
  /** One chunk's bytes sealed for the database (crypto.ts `sealChunk`). */
  seal: (index: number, bytes: Uint8Array) => Promise<string>;
  /** Bytes stored so far (those already there on a resume included). */
  onProgress: (sent: number) => void;
  cancelled: () => boolean;
  connected: () => boolean;
  /** Resolves once connected again. */
  whenConnected: () => Promise<void>;
}

const IN_FLIGHT = 2;

/** Whether chunk `key` of the file at `base` is stored (a refused repeat of one that was). */
const isStored = async (db: Database, base: string, key: string) => {
  try {
    return (await get(ref(db, `${base}/have/${key}`))).val() === true;
  } catch {
    return false;
  }
};

/** Writes left behind by a cancelled upload: refused once its node is gone, and that is fine. */
const abandon = (writes: Promise<void>[]) => {
  for (const write of writes) write.catch(() => undefined);
};

/** Uploads the chunks of `job` that are not stored yet, in order, two at a time. */
export async function uploadChunks(db: Database, job: UploadJob): Promise<void> {
  const base = conversationFilePath(job.conversation, job.fileId);
  const chunks = chunkCount(job.blob.size);
  const have = new Set(Object.keys(((await get(ref(db, `${base}/have`))).val() ?? {}) as object));
  if (have.size === 0 && !(await get(ref(db, `${base}/owner`))).exists()) {
    const server = { now: serverTimestamp(), plusOne: increment(1) };
    await update(ref(db, base), fileStartWrite(job.owner, chunkKey(chunks - 1), server));
  }
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const sizeOf = (index: number) =>
    Math.min(FILE_CHUNK_BYTES, job.blob.size - index * FILE_CHUNK_BYTES);
  for (let index = 0; index < chunks; index += 1) {
    const key = chunkKey(index);
    if (have.has(key)) {
      sent += sizeOf(index);
      job.onProgress(sent);
      continue;
    }
    if (job.cancelled()) {
      abandon(inFlight);
      throw new UploadCancelled();
    }
    // Offline, nothing more is handed to the SDK: the chunks it holds go on the next connection
    // (a refused repeat of one the server stored counts as stored), then the rest follow.
    if (!job.connected()) {
      await Promise.all(inFlight.splice(0));
      await job.whenConnected();
      if (job.cancelled()) {
        abandon(inFlight);
        throw new UploadCancelled();
      }
    }
    const start = index * FILE_CHUNK_BYTES;
    const bytes = new Uint8Array(
      await job.blob.slice(start, start + FILE_CHUNK_BYTES).arrayBuffer(),
    );
    const value = await job.seal(index, bytes);
    // Cancelled while sealing: the chunk is not handed over (its node is being removed).
    if (job.cancelled()) {
      abandon(inFlight);
      throw new UploadCancelled();
    }
    const write = update(ref(db), {
      [`${base}/parts/${key}`]: value,
      [`${base}/have/${key}`]: true,
    })
      .catch(async (error: unknown) => {
        // The SDK's repeat of a chunk the server stored before the connection dropped.
        if (isRefusal(error) && (await isStored(db, base, key))) return;
        throw error;
      })
      .then(() => {
        sent += bytes.length;
        job.onProgress(sent);
      });
    inFlight.push(write);
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
}

export interface DownloadJob {
  conversation: ConversationKey;
  fileId: string;
  chunks: number;
  size: number;
  type: string;
  /** One stored chunk's bytes, or null when it does not open. */
  open: (index: number, value: unknown) => Promise<Uint8Array | null>;
  onProgress?: (received: number) => void;
}

/** The file's bytes, read chunk by chunk (three at a time) and checked against its size. */
export async function downloadChunks(db: Database, job: DownloadJob): Promise<Blob> {
  const base = conversationFilePath(job.conversation, job.fileId);
  const parts: Uint8Array[] = new Array<Uint8Array>(job.chunks);
  let next = 0;
  let received = 0;
  const worker = async () => {
    while (next < job.chunks) {
      const index = next;
      next += 1;
      const value: unknown = (await get(ref(db, `${base}/parts/${chunkKey(index)}`))).val();
      const bytes = await job.open(index, value);
      if (!bytes) throw new FileUnreadable();
      parts[index] = bytes;
      received += bytes.length;
      job.onProgress?.(received);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  if (received !== job.size) throw new FileUnreadable();
  return new Blob(parts as BlobPart[], { type: job.type || 'application/octet-stream' });
}
