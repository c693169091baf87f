import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';

/**
 * Whether a message from the live window is already loaded exactly so. Each answer of the
 * window repeats its 50 messages; only new or changed ones need to reach the sorted store,
 * whose every update costs time in proportion to all messages loaded. Every field counts
 * (a field added later included); nested values only when they are the same object.
 */
export function sameMessage(
  kept: ConversationMessage | undefined,
  incoming: ConversationMessage,
): boolean {
  if (kept === undefined) return false;
  const a = kept as unknown as Record<string, unknown>;
  const b = incoming as unknown as Record<string, unknown>;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}
