/**
 * Stand-ins for the dashboard's Firebase gateways in component tests: every subscription is
 * recorded so a test can push data through the real listeners (as the database would), and
 * every write is a vi.fn the test can inspect or make fail. Test files swap the gateway
 * modules for these with vi.mock.
 */
import { vi } from 'vitest';
import type { ChatMessage } from '../../../lib/firebase/chat-message';
import type { GroupsApi } from '../../../lib/firebase/groups';
import type { MessagesApi } from '../../../lib/firebase/messages';
import type { PresenceApi } from '../../../lib/firebase/presence';
import type { PresenceStatus } from '../../../lib/firebase/presence-status';
import type {
  Block,
  DirectoryUser,
  FriendRequest,
  Group,
  GroupMembership,
  MembershipStatus,
} from '../../../lib/firebase/records';
import type { RelationshipsApi } from '../../../lib/firebase/relationships';
import type { UserDirectoryApi } from '../../../lib/firebase/user-directory';

interface Subscription<T> {
  key: unknown;
  onData: (value: T) => void;
  onError: (error: Error) => void;
}

/** One kind of live query: who listens (with what key) and a way to answer them. */
export class Feed<T> {
  readonly open = new Set<Subscription<T>>();

  subscribe(key: unknown, onData: (value: T) => void, onError: (error: Error) => void) {
    const subscription = { key, onData, onError };
    this.open.add(subscription);
    return () => {
      this.open.delete(subscription);
    };
  }

  /** Answers every listener, or only those opened with `key`. */
  emit(value: T, key?: unknown): void {
    for (const s of [...this.open]) if (key === undefined || s.key === key) s.onData(value);
  }

  fail(error: Error): void {
    for (const s of [...this.open]) s.onError(error);
  }

  keys(): unknown[] {
    return [...this.open].map((s) => s.key);
  }
}

function createFakes() {
  const feeds = {
    requests: new Feed<FriendRequest[]>(),
    friends: new Feed<FriendRequest[]>(),
    blocks: new Feed<Block[]>(),
    userPages: new Feed<DirectoryUser[]>(),
    me: new Feed<DirectoryUser | null>(),
    myGroups: new Feed<Group[]>(),
    groupPages: new Feed<Group[]>(),
    group: new Feed<Group | null>(),
    memberships: new Feed<Record<string, MembershipStatus>>(),
    roster: new Feed<GroupMembership[]>(),
    latestMessages: new Feed<ChatMessage[]>(),
    statuses: new Feed<PresenceStatus | null>(),
  };
  const relationshipsApi = {
    subscribeRequests: vi.fn<RelationshipsApi['subscribeRequests']>((uid, onData, onError) =>
      feeds.requests.subscribe(uid, onData, onError),
    ),
    subscribeFriends: vi.fn<RelationshipsApi['subscribeFriends']>((uid, onData, onError) =>
      feeds.friends.subscribe(uid, onData, onError),
    ),
    subscribeBlocks: vi.fn<RelationshipsApi['subscribeBlocks']>((uid, onData, onError) =>
      feeds.blocks.subscribe(uid, onData, onError),
    ),
    sendRequest: vi.fn(() => Promise.resolve('-Nnew')),
    acceptRequest: vi.fn(() => Promise.resolve()),
    withdrawRequest: vi.fn(() => Promise.resolve()),
    block: vi.fn(() => Promise.resolve()),
    unblock: vi.fn(() => Promise.resolve()),
  } satisfies RelationshipsApi;
  const userDirectoryApi = {
    subscribeUserPage: vi.fn<UserDirectoryApi['subscribeUserPage']>((page, onData, onError) =>
      feeds.userPages.subscribe(page, onData, onError),
    ),
    subscribeUser: vi.fn<UserDirectoryApi['subscribeUser']>((uid, onData, onError) =>
      feeds.me.subscribe(uid, onData, onError),
    ),
    getUser: vi.fn(() => Promise.resolve(null)),
  } satisfies UserDirectoryApi;
  const groupsApi = {
    subscribeMyGroups: vi.fn<GroupsApi['subscribeMyGroups']>((uid, onData, onError) =>
      feeds.myGroups.subscribe(uid, onData, onError),
    ),
    subscribeGroupPage: vi.fn<GroupsApi['subscribeGroupPage']>((page, onData, onError) =>
      feeds.groupPages.subscribe(page, onData, onError),
    ),
    subscribeGroup: vi.fn<GroupsApi['subscribeGroup']>((id, onData, onError) =>
      feeds.group.subscribe(id, onData, onError),
    ),
    subscribeMyMemberships: vi.fn<GroupsApi['subscribeMyMemberships']>((uid, onData, onError) =>
      feeds.memberships.subscribe(uid, onData, onError),
    ),
    subscribeRoster: vi.fn<GroupsApi['subscribeRoster']>((id, onData, onError) =>
      feeds.roster.subscribe(id, onData, onError),
    ),
    createGroup: vi.fn(() => Promise.resolve('-Ngroup')),
    invite: vi.fn(() => Promise.resolve()),
    requestToJoin: vi.fn(() => Promise.resolve()),
    admit: vi.fn(() => Promise.resolve()),
    remove: vi.fn(() => Promise.resolve()),
  } satisfies GroupsApi;
  const messagesApi = {
    subscribeLatest: vi.fn<MessagesApi['subscribeLatest']>((page, onData, onError) =>
      feeds.latestMessages.subscribe(page.relId, onData, onError),
    ),
    fetchOlder: vi.fn<MessagesApi['fetchOlder']>(() => Promise.resolve([])),
    send: vi.fn<MessagesApi['send']>(() => Promise.resolve()),
  } satisfies MessagesApi;
  const presenceApi = {
    // Each call's stop is its own vi.fn, returned by goOnline's mock results.
    goOnline: vi.fn<PresenceApi['goOnline']>(() => vi.fn()),
    subscribeStatus: vi.fn<PresenceApi['subscribeStatus']>((uid, onData, onError) =>
      feeds.statuses.subscribe(uid, onData, onError),
    ),
  } satisfies PresenceApi;
  return { feeds, relationshipsApi, userDirectoryApi, groupsApi, messagesApi, presenceApi };
}

/** The one set of fakes the mocked modules hand out; `resetFakes` before each test. */
export const fakes = createFakes();

export function resetFakes(): void {
  const next = createFakes();
  Object.assign(fakes.feeds, next.feeds);
  Object.assign(fakes.relationshipsApi, next.relationshipsApi);
  Object.assign(fakes.userDirectoryApi, next.userDirectoryApi);
  Object.assign(fakes.groupsApi, next.groupsApi);
  Object.assign(fakes.messagesApi, next.messagesApi);
  Object.assign(fakes.presenceApi, next.presenceApi);
}
