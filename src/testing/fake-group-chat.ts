import { vi } from 'vitest';
import type { GroupMessage, GroupMessagesApi } from '../lib/firebase/group-messages';
import type { Feed } from './feed';

/** The group chat part of the fake groups gateway: `feed` answers the live conversation. */
export function fakeGroupChat(feed: Feed<GroupMessage[]>) {
  return {
    subscribeGroupMessages: vi.fn<GroupMessagesApi['subscribeGroupMessages']>(
      (page, onData, onError) => feed.subscribe(page.groupId, onData, onError),
    ),
    sendGroupMessage: vi.fn<GroupMessagesApi['sendGroupMessage']>(() => Promise.resolve('-Nsent')),
    renameGroup: vi.fn<GroupMessagesApi['renameGroup']>(() => Promise.resolve()),
  } satisfies GroupMessagesApi;
}
