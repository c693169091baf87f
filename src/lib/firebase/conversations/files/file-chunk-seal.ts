/**
 * One chunk of a file's bytes, sealed (or, from a device without keys where the conversation is
 * not encrypted, in clear base64url). The chunk's place binds its file, sender and index
 * (`{fileId}#{index}` as the message id of its associated data), so no chunk can be moved to
 * another file or another position without failing its tag; the descriptor's chunk count,
 * sealed with the message, catches a file cut short.
 */
import type { ConversationKey } from '../../../conversation-key';
import { fromBase64Url, toBase64Url } from '../../../crypto/crypto-bytes';
import { isSealed, NotOpened, openValueBytes, sealValueBytes } from '../../../crypto/sealed-value';

export interface ChunkPlace {
  conversation: ConversationKey;
  fileId: string;
  sender: string;
  index: number;
}

const fieldPlace = ({ conversation, fileId, sender, index }: ChunkPlace) => ({
  conversation,
  messageId: `${fileId}#${String(index)}`,
  sender,
});

/** `bytes` sealed under `sealing` (my epoch key), or clear without one. */
export async function sealChunkValue(
  sealing: { epoch: string; key: CryptoKey } | null,
  at: ChunkPlace,
  bytes: Uint8Array,
): Promise<string> {
  if (!sealing) return toBase64Url(bytes);
  return sealValueBytes(sealing.key, sealing.epoch, fieldPlace(at), 'chunk', bytes);
}

/**
 * A stored chunk's bytes: sealed ones open with the sender's key (`keyOf`, null without keys);
 * clear ones are taken only when the file's message is clear (`sealed` false). Null otherwise.
 */
export async function openChunkValue(
  keyOf: ((epoch: string) => Promise<CryptoKey | null>) | null,
  at: ChunkPlace,
  value: unknown,
  sealed: boolean,
): Promise<Uint8Array | null> {
  if (typeof value !== 'string') return null;
  if (!isSealed(value)) return sealed ? null : fromBase64Url(value);
  if (!keyOf) return null;
  try {
    return await openValueBytes(value, keyOf, fieldPlace(at), 'chunk');
  } catch (error) {
    if (error instanceof NotOpened) return null;
    throw error;
  }
}
