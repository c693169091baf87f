import { vi } from 'vitest';
import type { ChatMessage } from '../lib/firebase/conversations-message';
import type { GroupMessagesApi } from '../lib/firebase/conversations-groups';
import { asSentMessage } from '../lib/firebase/inbox-entry';
import type { Feed } from './feed';

/** The group chat part of the fake groups gateway: `feed` answers the live conversation. */
export function fakeGroupChat(feed: Feed<ChatMessage[]>) {
  return {
    subscribeGroupLatest: vi.fn<GroupMessagesApi['subscribeGroupLatest']>((page, onData, onError) =>
      feed.subscribe(page.groupId, onData, onError),
    ),
    fetchGroupOlder: vi.fn<GroupMessagesApi['fetchGroupOlder']>(() => Promise.resolve([])),
    sendToGroup: vi.fn<GroupMessagesApi['sendToGroup']>(() =>
      asSentMessage('-Nsent', Promise.resolve()),
    ),
    renameGroup: vi.fn<GroupMessagesApi['renameGroup']>(() => Promise.resolve()),
  } satisfies GroupMessagesApi;
}
