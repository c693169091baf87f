import type { AccountApi } from '../lib/firebase/account';
import type { AuthApi } from '../lib/firebase/auth';
import type { ChatImagesApi } from '../lib/firebase/chat-images';
import type { GroupsApi } from '../lib/firebase/groups';
import type { InboxApi } from '../lib/firebase/inbox';
import type { MessagesApi } from '../lib/firebase/messages';
import type { NotificationsApi } from '../lib/firebase/notifications';
import type { PicturesApi } from '../lib/firebase/pictures';
import type { PresenceApi } from '../lib/firebase/presence';
import type { RelationshipsApi } from '../lib/firebase/relationships';
import type { SettingsApi } from '../lib/firebase/settings';
import type { UserDirectoryApi } from '../lib/firebase/user-directory';

/** The gateways that need the database SDK; production loads them with the first sign-in. */
export interface DatabaseGateways {
  relationships: RelationshipsApi;
  userDirectory: UserDirectoryApi;
  groups: GroupsApi;
  messages: MessagesApi;
  inbox: InboxApi;
  presence: PresenceApi;
  pictures: PicturesApi;
  chatImages: ChatImagesApi;
  notifications: NotificationsApi;
  settings: SettingsApi;
  account: AccountApi;
}

/**
 * Everything the app asks of Firebase. The store hands these to thunks (`extra`) and listeners
 * (`listenerApi.extra`), components get them from `useGateways()`; tests pass fakes.
 */
export interface Gateways extends DatabaseGateways {
  auth: AuthApi;
}
