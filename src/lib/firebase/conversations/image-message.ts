/**
 * Image messages as plain data: the extra fields an image message carries, and the one root
 * update that sends it (docs/data-model.md, Chat images). Nothing here imports Firebase.
 *
 * The bytes live apart from the message, keyed by conversation id and image id:
 * `chatImages/{conversationId}/{imageId}/{thumb|full}` for a friendship, `groupImages/{groupId}/…` for a
 * group (conversation-paths.ts).
 * Opening a conversation reads only the thumbnails; the full image is read in the lightbox.
 */
import { parseConversationKey, type ConversationKey } from '../../conversation-key';
import { imagesPath } from './paths';

/** What `message` holds when a photo has no caption, so clients that predate images show words. */
export const IMAGE_PLACEHOLDER = '📷 Photo';

/** The rules' limits on the stored data URLs (characters): ~300 KB full, ~20 KB thumbnail. */
export const FULL_DATA_MAX = 420_000;
export const THUMB_DATA_MAX = 28_000;
/** The rules' bound on the stored pixel sizes. */
const IMAGE_SIDE_MAX = 4096;

export interface MessageImageInfo {
  /** The id of the image under its conversation's images (the message's own id). */
  id: string;
  width: number;
  height: number;
  /** The sender's caption, or '' (the message's `message` then holds the placeholder). */
  caption: string;
  /** The message's sender, whose key opens a sealed photo (set by the message parsers). */
  sender?: string;
}

/** The compressed image a sender uploads: two data URLs and the full image's size. */
export interface MessageImageUpload {
  full: string;
  thumb: string;
  width: number;
  height: number;
}

const isSide = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= IMAGE_SIDE_MAX;

/** The image fields of a stored message, or null for a text message (or a malformed image). */
export function parseMessageImageInfo(fields: Record<string, unknown>): MessageImageInfo | null {
  const { kind, imageId, width, height, caption } = fields;
  if (kind !== 'image' || typeof imageId !== 'string') return null;
  if (!isSide(width) || !isSide(height)) return null;
  return { id: imageId, width, height, caption: typeof caption === 'string' ? caption : '' };
}

/** The data URL formats the rules take. */
export function isMessageImageDataUrl(value: unknown, max: number): value is string {
  return (
    typeof value === 'string' &&
    value.length <= max &&
    (value.startsWith('data:image/webp;base64,') || value.startsWith('data:image/jpeg;base64,'))
  );
}

/** The path of an image's thumbnail or full data URL in conversation `key`. */
export function conversationImagePath(
  key: ConversationKey,
  imageId: string,
  size: 'thumb' | 'full',
) {
  const { kind, id } = parseConversationKey(key);
  return `${imagesPath(kind, id)}/${imageId}/${size}`;
}
