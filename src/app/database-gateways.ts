import type { DatabaseGateways } from '../store/gateways';
import { directoryApi } from '../lib/firebase/directory';
import { chatImagesApi } from '../lib/firebase/conversations-images';
import { messagesApi } from '../lib/firebase/conversations';
import { friendsApi } from '../lib/firebase/friends';
import { groupsApi } from '../lib/firebase/groups';
import { inboxApi } from '../lib/firebase/inbox';
import { notificationsApi } from '../lib/firebase/notifications';
import { picturesApi } from '../lib/firebase/profiles-pictures';
import { presenceApi } from '../lib/firebase/presence';
import { accountApi } from '../lib/firebase/settings-account';
import { settingsApi } from '../lib/firebase/settings';

/**
 * The real database gateways: the list the store's `DatabaseGateways` is checked against (each
 * gateway module declares its own entry there). Importing this module starts the database SDK.
 */
export const databaseGateways: DatabaseGateways = {
  friends: friendsApi,
  directory: directoryApi,
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
