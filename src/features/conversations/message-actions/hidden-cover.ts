import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import type { HiddenCover } from '../../../lib/firebase/conversations';

/**
 * What my conversation row shows once I delete `id` for me (docs/data-model.md, Delete for me):
 * null when a newer message still shows (the row does not change) or `id` is not loaded;
 * otherwise the conversation's last message (`over`) and the newest loaded message before `id`
 * that I still see and the server has stored (`shown`, null when there is none).
 *
 * `loaded` is oldest first; `hidden` the ids I deleted for me before; `unstored` my sends the
 * server has not stored yet (the rules check the message shown is stored).
 */
export function coverAfterHiding(
  loaded: readonly ConversationMessage[],
  hidden: ReadonlySet<string>,
  unstored: ReadonlySet<string>,
  id: string,
): HiddenCover | null {
  const last = loaded.at(-1);
  let passed = false;
  for (let i = loaded.length - 1; i >= 0; i--) {
    const message = loaded[i];
    if (message.id === id) passed = true;
    else if (hidden.has(message.id)) continue;
    else if (!passed) return null;
    else if (!unstored.has(message.id)) return { over: last?.id ?? id, shown: message };
  }
  return passed && last ? { over: last.id, shown: null } : null;
}
