/**
 * Stand-ins for the Firebase gateways, handed to `makeStore` by the test harness: every
 * subscription is recorded in a Feed so a test can push data through the real listeners (as
 * the database would), and every write is a vi.fn the test can inspect or make fail. The real
 * gateways are tested against the emulators in tests/integration.
 */
import type { ConversationKey } from '../lib/conversation-key';
import { vi } from 'vitest';
import type { Gateways } from '../store/gateways';
import type { ConversationImagesApi } from '../lib/firebase/conversations/images';
import type { ConversationFilesApi } from '../lib/firebase/conversations/files/gateway';
import type { ConversationMessage } from '../lib/firebase/conversations/message';
import type { GroupsApi } from '../lib/firebase/groups/gateway';
import type { InboxApi } from '../lib/firebase/inbox/gateway';
import { asSentMessage, type InboxEntry, type ReadMarker } from '../lib/firebase/inbox/entry';
import type { PicturesApi } from '../lib/firebase/profiles/pictures';
import type { PresenceApi } from '../lib/firebase/presence/gateway';
import type { PresenceStatus } from '../lib/firebase/presence/status';
import type {
  Block,
  DirectoryUser,
  FriendRequest,
  Group,
  GroupMembership,
  MembershipStatus,
} from '../lib/firebase/records';
import type { FriendsApi } from '../lib/firebase/friends/gateway';
import type { DirectoryApi } from '../lib/firebase/directory/gateway';
import { createFakeAuth, type FakeAuth } from './fake-auth';
import { Feed } from './feed';
import { fakeConversations } from './fake-conversations';
import { fakeEncryption } from './fake-encryption';
import { fakeNotificationGateways } from './fake-notification-gateways';
import { fakeAttentionGateways } from './fake-attention-gateways';

function createFeeds() {
  return {
    requests: new Feed<FriendRequest[]>(),
    friends: new Feed<FriendRequest[]>(),
    blocks: new Feed<Block[]>(),
    userPages: new Feed<DirectoryUser[]>(),
    me: new Feed<DirectoryUser | null>(),
    profiles: new Feed<DirectoryUser | null>(),
    myGroups: new Feed<Group[]>(),
    groupPages: new Feed<Group[]>(),
    group: new Feed<Group | null>(),
    memberships: new Feed<Record<string, MembershipStatus>>(),
    roster: new Feed<GroupMembership[]>(),
    groupMessages: new Feed<ConversationMessage[]>(),
    latestMessages: new Feed<ConversationMessage[]>(),
    statuses: new Feed<PresenceStatus | null>(),
    inbox: new Feed<Record<ConversationKey, InboxEntry>>(),
    readMarkers: new Feed<ReadMarker | null>(),
    groupReadMarkers: new Feed<Record<string, ReadMarker>>(),
    typing: new Feed<number | null>(),
    connected: new Feed<boolean>(),
    readReceipts: new Feed<boolean>(),
  };
}

export type Feeds = ReturnType<typeof createFeeds>;

function fakeRelationships(feeds: Feeds) {
  return {
    subscribeRequests: vi.fn<FriendsApi['subscribeRequests']>((uid, onData, onError) =>
      feeds.requests.subscribe(uid, onData, onError),
    ),
    subscribeFriends: vi.fn<FriendsApi['subscribeFriends']>((uid, onData, onError) =>
      feeds.friends.subscribe(uid, onData, onError),
    ),
    subscribeBlocks: vi.fn<FriendsApi['subscribeBlocks']>((uid, onData, onError) =>
      feeds.blocks.subscribe(uid, onData, onError),
    ),
    sendRequest: vi.fn(() => Promise.resolve('-Nnew')),
    acceptRequest: vi.fn(() => Promise.resolve()),
    withdrawRequest: vi.fn(() => Promise.resolve()),
    block: vi.fn(() => Promise.resolve()),
    unblock: vi.fn(() => Promise.resolve()),
  } satisfies FriendsApi;
}

function fakeUserDirectory(feeds: Feeds) {
  return {
    subscribeUserPage: vi.fn<DirectoryApi['subscribeUserPage']>((page, onData, onError) =>
      feeds.userPages.subscribe(page, onData, onError),
    ),
    subscribeUser: vi.fn<DirectoryApi['subscribeUser']>((uid, onData, onError) =>
      feeds.me.subscribe(uid, onData, onError),
    ),
    subscribeProfile: vi.fn<DirectoryApi['subscribeProfile']>((uid, onData, onError) =>
      feeds.profiles.subscribe(uid, onData, onError),
    ),
    getUser: vi.fn(() => Promise.resolve(null)),
  } satisfies DirectoryApi;
}

function fakeGroups(feeds: Feeds) {
  return {
    renameGroup: vi.fn<GroupsApi['renameGroup']>(() => Promise.resolve()),
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
}

function fakePresence(feeds: Feeds) {
  return {
    // Each call's stop is its own vi.fn, returned by goOnline's mock results.
    goOnline: vi.fn<PresenceApi['goOnline']>(() => vi.fn()),
    subscribeStatus: vi.fn<PresenceApi['subscribeStatus']>((uid, onData, onError) =>
      feeds.statuses.subscribe(uid, onData, onError),
    ),
  } satisfies PresenceApi;
}

/** Read markers and typing are keyed by the friend's uid; receipts by mine. */
function fakeInbox(feeds: Feeds) {
  return {
    subscribeInbox: vi.fn<InboxApi['subscribeInbox']>((uid, onData, onError) =>
      feeds.inbox.subscribe(uid, onData, onError),
    ),
    markRead: vi.fn<InboxApi['markRead']>(() => Promise.resolve()),
    subscribeReadMarker: vi.fn<InboxApi['subscribeReadMarker']>(
      (_conversationId, friendUid, onData, onError) =>
        feeds.readMarkers.subscribe(friendUid, onData, onError),
    ),
    subscribeReadMarkers: vi.fn<InboxApi['subscribeReadMarkers']>(
      (conversationId, onData, onError) =>
        feeds.groupReadMarkers.subscribe(conversationId, onData, onError),
    ),
    setTyping: vi.fn<InboxApi['setTyping']>(() => Promise.resolve()),
    subscribeTyping: vi.fn<InboxApi['subscribeTyping']>(
      (_conversationId, friendUid, onData, onError) =>
        feeds.typing.subscribe(friendUid, onData, onError),
    ),
    subscribeConnected: vi.fn<InboxApi['subscribeConnected']>((onChange) =>
      feeds.connected.subscribe('connected', onChange, () => undefined),
    ),
    subscribeReadReceipts: vi.fn<InboxApi['subscribeReadReceipts']>((uid, onData, onError) =>
      feeds.readReceipts.subscribe(uid, onData, onError),
    ),
    setReadReceipts: vi.fn<InboxApi['setReadReceipts']>(() => Promise.resolve()),
  } satisfies InboxApi;
}

function fakePictures() {
  return {
    uploadProfilePicture: vi.fn<PicturesApi['uploadProfilePicture']>(() =>
      Promise.resolve('picture:me:v1'),
    ),
    getPicture: vi.fn<PicturesApi['getPicture']>(() => Promise.resolve(null)),
  } satisfies PicturesApi;
}

/** Image sends are recorded; reads answer null (no bytes) unless a test says otherwise. */
function fakeConversationImages() {
  return {
    send: vi.fn<ConversationImagesApi['send']>(() => asSentMessage('-Nimage', Promise.resolve())),
    sendToGroup: vi.fn<ConversationImagesApi['sendToGroup']>(() =>
      asSentMessage('-Ngroupimage', Promise.resolve()),
    ),
    readThumb: vi.fn<ConversationImagesApi['readThumb']>(() => Promise.resolve(null)),
    readFull: vi.fn<ConversationImagesApi['readFull']>(() => Promise.resolve(null)),
  } satisfies ConversationImagesApi;
}

function fakeConversationFiles() {
  return {
    send: vi.fn<ConversationFilesApi['send']>(() => asSentMessage('-Nfile', Promise.resolve())),
    sendToGroup: vi.fn<ConversationFilesApi['sendToGroup']>(() =>
      asSentMessage('-Ngroupfile', Promise.resolve()),
    ),
    resumeUploads: vi.fn<ConversationFilesApi['resumeUploads']>(() => Promise.resolve([])),
    forgetUploads: vi.fn<ConversationFilesApi['forgetUploads']>(() => Promise.resolve()),
    watchUpload: vi.fn<ConversationFilesApi['watchUpload']>(() => () => undefined),
    cancelUpload: vi.fn<ConversationFilesApi['cancelUpload']>(() => Promise.resolve(false)),
    download: vi.fn<ConversationFilesApi['download']>(() => Promise.resolve(new Blob(['x']))),
  } satisfies ConversationFilesApi;
}

/** A fresh set of fake gateways (and their feeds); `auth` may be one the test keeps. */
export function createFakeGateways({ auth }: { auth?: FakeAuth } = {}) {
  const feeds = createFeeds();
  return withUnfakedGateways({
    feeds,
    auth: auth ?? createFakeAuth(),
    friends: fakeRelationships(feeds),
    directory: fakeUserDirectory(feeds),
    groups: fakeGroups(feeds),
    conversations: fakeConversations({ direct: feeds.latestMessages, group: feeds.groupMessages }),
    presence: fakePresence(feeds),
    pictures: fakePictures(),
    chatImages: fakeConversationImages(),
    chatFiles: fakeConversationFiles(),
    inbox: fakeInbox(feeds),
    ...fakeNotificationGateways(),
    ...fakeEncryption(),
    ...fakeAttentionGateways(),
  });
}

export type FakeGateways = ReturnType<typeof createFakeGateways>;

/**
 * The fakes, standing in for every gateway: one without a fake yet (a new gateway's module and
 * the app's list are all it needs) answers each call with an error that names it.
 */
function withUnfakedGateways<T extends Partial<Gateways>>(fakes: T): T & Omit<Gateways, keyof T> {
  const unfaked = (gateway: string) =>
    new Proxy(
      {},
      {
        get: (_target, method) => () => {
          throw new Error(`No fake for gateways.${gateway}.${String(method)} (src/testing)`);
        },
      },
    );
  return new Proxy(fakes, {
    get: (target, name, receiver) =>
      typeof name === 'symbol' || name === 'then' || name in target
        ? (Reflect.get(target, name, receiver) as unknown)
        : unfaked(name),
  }) as T & Omit<Gateways, keyof T>;
}
