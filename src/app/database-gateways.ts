import type { DatabaseGateways } from '../store/gateways';
import { conversationCryptoOf, draftsKeyOf } from '../features/encryption/conversation-crypto';
import { makeConversationsApi } from '../lib/firebase/conversations';
import { makeConversationImagesApi } from '../lib/firebase/conversations';
import { makeLazyConversationFilesApi } from '../lib/firebase/conversations';
import { appClient, type FirebaseClient } from '../lib/firebase/database';
import { signedInRest } from '../lib/firebase/database-rest';
import { makeDirectoryApi } from '../lib/firebase/directory';
import { makeEncryptionApi } from '../lib/firebase/encryption';
import { makeFriendsApi } from '../lib/firebase/friends';
import { makeGroupsApi } from '../lib/firebase/groups';
import { makeInboxApi } from '../lib/firebase/inbox';
import { makeInboxPrefsApi } from '../lib/firebase/inbox';
import { makeDraftsApi } from '../lib/firebase/conversations';
import { makeNotificationsApi } from '../lib/firebase/notifications';
import { makePresenceApi } from '../lib/firebase/presence';
import { makePicturesApi } from '../lib/firebase/profiles';
import { makeSettingsApi } from '../lib/firebase/settings';
import type { AccountApi } from '../lib/firebase/settings';
import { lazyGateway } from './lazy-gateway';

/**
 * The database gateways over one Firebase client: the list the store's `DatabaseGateways` is
 * checked against (each gateway module declares its own entry there), for the app and for the
 * integration tests' clients alike.
 */
export function makeDatabaseGateways({ db, auth, restUrlOf }: FirebaseClient): DatabaseGateways {
  // End-to-end encryption: the signed-in user's keys seal and open conversations.
  // The encryption gateway names the sessions its listeners open (encryption-session.ts).
  const encryption = makeEncryptionApi(db);
  const currentUid = () => auth.currentUser?.uid;
  const cryptoNow = conversationCryptoOf(currentUid, encryption);
  return {
    friends: makeFriendsApi(db),
    directory: makeDirectoryApi(db),
    groups: makeGroupsApi(db, () => auth.currentUser?.uid),
    conversations: makeConversationsApi(db, cryptoNow, () => auth.currentUser?.uid),
    inbox: makeInboxApi(db, cryptoNow),
    inboxPrefs: makeInboxPrefsApi(db),
    drafts: makeDraftsApi(
      db,
      draftsKeyOf(() => auth.currentUser?.uid),
    ),
    presence: makePresenceApi(db),
    pictures: makePicturesApi(db),
    chatImages: makeConversationImagesApi(db, cryptoNow),
    // Files and voice messages: their gateway loads with its first use.
    chatFiles: makeLazyConversationFilesApi(
      db,
      (instance) => signedInRest(restUrlOf(instance), auth),
      cryptoNow,
    ),
    notifications: makeNotificationsApi(db),
    settings: makeSettingsApi(db),
    // Settings only: loads with its first use.
    account: lazyGateway<AccountApi>(
      // eslint-disable-next-line import-x/no-restricted-paths -- a lazy import names the one module it loads
      () => import('../lib/firebase/settings/account').then((m) => m.makeAccountApi(auth, db)),
      { deleteAccount: true, changePassword: true, resendVerification: true, changeName: true },
    ),
    encryption,
  };
}

/** The app's database gateways. Importing this module starts the database SDK. */
export const databaseGateways: DatabaseGateways = makeDatabaseGateways(appClient);
