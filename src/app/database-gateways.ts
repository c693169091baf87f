import { accountApi } from '../lib/firebase/account';
import { chatImagesApi } from '../lib/firebase/chat-images';
import { groupsApi } from '../lib/firebase/groups';
import { inboxApi } from '../lib/firebase/inbox';
import { messagesApi } from '../lib/firebase/messages';
import { notificationsApi } from '../lib/firebase/notifications';
import { picturesApi } from '../lib/firebase/pictures';
import { presenceApi } from '../lib/firebase/presence';
import { relationshipsApi } from '../lib/firebase/relationships';
import { settingsApi } from '../lib/firebase/settings';
import { userDirectoryApi } from '../lib/firebase/user-directory';
import type { DatabaseGateways } from './gateways';

/** The real database gateways. Importing this module starts the database SDK. */
export const databaseGateways: DatabaseGateways = {
  relationships: relationshipsApi,
  userDirectory: userDirectoryApi,
  groups: groupsApi,
  messages: messagesApi,
  inbox: inboxApi,
  presence: presenceApi,
  pictures: picturesApi,
  chatImages: chatImagesApi,
  notifications: notificationsApi,
  settings: settingsApi,
  account: accountApi,
};
