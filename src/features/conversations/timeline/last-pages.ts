import type { ConversationKey } from '../../../lib/conversation-key';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';

/** How many conversations' last pages are kept (the most recently shown). */
const KEPT = 8;

export interface LastPage {
  messages: ConversationMessage[];
  hidden: string[];
}

/**
 * The newest page each recently shown conversation last had, in memory only (one per sign-in),
 * so opening it again draws it at once while its live query is asked again. A page
 * is only reused while it still ends with the conversation's newest message (the caller checks
 * the inbox), so the 'New messages' divider and the first screen's place stay as they were.
 */
export function lastPages() {
  const pages = new Map<ConversationKey, LastPage>();
  const remember = (key: ConversationKey, part: Partial<LastPage>) => {
    const page = { messages: [], hidden: [], ...pages.get(key), ...part };
    pages.delete(key);
    pages.set(key, page);
    for (const old of pages.keys()) {
      if (pages.size <= KEPT) break;
      pages.delete(old);
    }
  };
  return {
    remember,
    /** The page kept for `key` when its newest message is `newestId`. */
    recall(key: ConversationKey, newestId: string | undefined): LastPage | null {
      const page = pages.get(key);
      const newest = page?.messages.at(-1);
      return page && newest && newest.id === newestId ? page : null;
    },
    clear: () => pages.clear(),
  };
}
