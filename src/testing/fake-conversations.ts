import { vi } from 'vitest';
import type { ConversationApi } from '../lib/firebase/conversations';
import type { ChatMessage } from '../lib/firebase/conversations-message';
import type { GroupParties, MessageParties } from '../lib/firebase/conversations-send-write';
import { asSentMessage } from '../lib/firebase/inbox-entry';
import type { Feed } from './feed';

/** One kind's fake conversation gateway: `feed` answers the live page, sends succeed as `sentId`. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- it picks the kind's API
function fakeConversation<Parties>(feed: Feed<ChatMessage[]>, sentId: string) {
  type Api = ConversationApi<Parties>;
  return {
    subscribeLatest: vi.fn<Api['subscribeLatest']>((page, onData, onError) =>
      feed.subscribe(page.id, onData, onError),
    ),
    fetchOlder: vi.fn<Api['fetchOlder']>(() => Promise.resolve([])),
    send: vi.fn<Api['send']>(() => asSentMessage(sentId, Promise.resolve())),
  } satisfies Api;
}

/** The fake conversations gateway: friendships' pages from `direct`, groups' from `group`. */
export function fakeConversations(feeds: {
  direct: Feed<ChatMessage[]>;
  group: Feed<ChatMessage[]>;
}) {
  return {
    direct: fakeConversation<MessageParties>(feeds.direct, '-Nfake'),
    group: fakeConversation<GroupParties>(feeds.group, '-Nsent'),
  };
}
