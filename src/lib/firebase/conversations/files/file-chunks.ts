/**
 * A file's bytes in the database, chunk by chunk (file-message.ts): the upload, which resumes
 * from the chunks already stored (`have`) without sending them again (after a failed attempt, a
 * dropped connection or a reload that kept the bytes), and the download. At most two chunks are
 * in flight each way, so neither side holds more than the file itself plus a few chunks: the
 * sender reads each chunk from its `Blob` as it goes, the receiver gathers the opened chunks into
 * a new `Blob`. Chunks go up over REST, not the SDK: the SDK re-sends every write it holds
 * unacknowledged on reconnect, with no way to take one back, so a chunk the server stored whose
 * answer the cut lost would go twice; a request of ours is aborted at the cut and `have` read
 * before it is sent again. The bookkeeping (`have`, `owner`, the start) and the download's reads go
 * by the conversation's reach (placement/reach.ts): over a connection open anyway, else the slot,
 * or REST when the three connections are taken, never a fourth (docs/scaling.md).
 */
import { serverTimestamp, increment } from 'firebase/database';
import type { ConversationKey } from '../../../conversation-key';
import type { DatabaseRest } from '../../database-rest';
import type { Reach } from '../placement';
import { chunkCount, chunkKey, conversationFilePath, FILE_CHUNK_BYTES } from './file-message';
import { fileStartWrite } from './file-send-write';

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
  /** Calls `abort` when the connection drops or the upload is cancelled; returns its undo. */
  onCut: (abort: () => void) => () => void;
}

/** A chunk the database refused (not a party any more, or bad data): sending again won't help. */
export class ChunkRefused extends Error {
  constructor(key: string, reason: string) {
    super(`The database refused chunk ${key} of the file: ${reason}`);
    this.name = 'ChunkRefused';
  }
}

const IN_FLIGHT = 2;

/** Whether chunk `key` of the file at `base` is stored. */
const isStored = async (on: Reach, base: string, key: string) => {
  try {
    return (await on.run((at) => at.read(`${base}/have/${key}`))) === true;
  } catch {
    return false;
  }
};

/** Failed sends in a row, while connected, before the upload gives up (the REST path is broken). */
const MAX_FAILURES = 6;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { stored: true } | { stored: false; status: number | null; reason: string };

/** One PATCH of `changes` at `path`, aborted by a cut. */
async function patchOnce(
  rest: DatabaseRest,
  path: string,
  changes: string,
  onCut: UploadJob['onCut'],
): Promise<Attempt> {
  const token = await rest.idToken();
  if (!token) return { stored: false, status: 401, reason: 'Nobody is signed in' };
  const controller = new AbortController();
  const undo = onCut(() => controller.abort());
  try {
    const response = await fetch(rest.url(path, { auth: token, print: 'silent' }), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: changes,
      signal: controller.signal,
    });
    if (response.ok) return { stored: true };
    const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const reason = typeof answer?.error === 'string' ? answer.error : response.statusText;
    return { stored: false, status: response.status, reason };
  } catch (error) {
    const reason = controller.signal.aborted ? 'cut' : String(error);
    return { stored: false, status: null, reason };
  } finally {
    undo();
  }
}

/**
 * Stores chunk `key` (sealed `value`) over REST. After any request that failed or was cut, the
 * server may have stored it with its answer lost: `have` is read, once connected, before it is
 * sent again, so it is sent again only if missing.
 */
async function putChunk(
  on: Reach,
  rest: DatabaseRest,
  job: UploadJob,
  base: string,
  key: string,
  value: string,
): Promise<void> {
  const changes = JSON.stringify({ [`parts/${key}`]: value, [`have/${key}`]: true });
  for (let failures = 0; ;) {
    const attempt = await patchOnce(rest, base, changes, job.onCut);
    if (attempt.stored) return;
    if (job.cancelled()) throw new UploadCancelled();
    await job.whenConnected();
    if (await isStored(on, base, key)) return;
    if (job.cancelled()) throw new UploadCancelled();
    // Refused (a 4xx other than one the server asks to retry later): a repeat would be too.
    if (attempt.status !== null && attempt.status < 500 && attempt.status !== 429) {
      throw new ChunkRefused(key, attempt.reason);
    }
    // Cut by a dropped connection: sent again at once now that it is back.
    if (attempt.reason === 'cut') continue;
    failures += 1;
    if (failures >= MAX_FAILURES) throw new ChunkRefused(key, attempt.reason);
    await wait(Math.min(500 * 2 ** failures, 15_000));
  }
}

/** Uploads the chunks of `job` that are not stored yet, in order, two at a time. */
export async function uploadChunks(on: Reach, rest: DatabaseRest, job: UploadJob): Promise<void> {
  const base = conversationFilePath(job.conversation, job.fileId);
  const chunks = chunkCount(job.blob.size);
  // Both in one use of the slot when it goes that way.
  const [stored, owner] = await on.run((at) =>
    Promise.all([at.read(`${base}/have`), at.read(`${base}/owner`)]),
  );
  const have = new Set(Object.keys(stored ?? {}));
  if (have.size === 0 && owner === null) {
    const server = { now: serverTimestamp(), plusOne: increment(1) };
    const start = fileStartWrite(job.owner, chunkKey(chunks - 1), server);
    // One update at the instance's root (a REST PATCH when it goes that way).
    const changes: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(start)) changes[`${base}/${name}`] = value;
    await on.run((at) => at.update(changes));
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
      throw new UploadCancelled();
    }
    // Offline, nothing more is sealed: the chunks in flight learn whether they were stored once
    // the connection is back (sent again only if not), then the rest follow.
    if (!job.connected()) {
      await Promise.all(inFlight.splice(0));
      await job.whenConnected();
      if (job.cancelled()) {
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
      throw new UploadCancelled();
    }
    const write = putChunk(on, rest, job, base, key, value).then(() => {
      sent += bytes.length;
      job.onProgress(sent);
    });
    // Its failure is met where the loop waits for it; one left behind by a cancel or another
    // chunk's failure (refused once its node is gone) is dropped.
    write.catch(() => undefined);
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

/**
 * The file's bytes, read chunk by chunk (three at a time over a connection open anyway; through
 * the slot one after another, so other slot work goes between them) and checked against its size.
 */
export async function downloadChunks(on: Reach, job: DownloadJob): Promise<Blob> {
  const base = conversationFilePath(job.conversation, job.fileId);
  const parts: Uint8Array[] = new Array<Uint8Array>(job.chunks);
  let next = 0;
  let received = 0;
  const worker = async () => {
    while (next < job.chunks) {
      const index = next;
      next += 1;
      const value = await on.run((at) => at.read(`${base}/parts/${chunkKey(index)}`));
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
