import { addRelationshipListeners } from '../features/friends/friends-listeners';
import { addEncryptionListeners } from '../features/encryption/encryption-listeners';
import { addLateWrapListeners } from '../features/encryption/encryption-late-wraps-listeners';
import { addGroupListeners } from '../features/groups/groups-listeners';
import { addInboxListeners } from '../features/inbox/inbox-listeners';
import { selectInboxEntry } from '../features/inbox/inbox-selectors';
import { addInboxPrefsListeners } from '../features/inbox/inbox-prefs-listeners';
import { addDraftsListeners } from '../features/conversations/composer/conversations-drafts-listeners';
import { addAnnounceListeners } from './shell/announce-listeners';
import { addConversationListeners } from '../features/conversations/timeline/conversations-listeners';
import { addConversationReceiptsListeners } from '../features/conversations/receipts/conversations-receipts-listeners';
import { addConversationFilesListeners } from '../features/conversations/files/conversations-files-listeners';
import { addNotificationListeners } from '../features/notifications/notifications-listeners';
import { addPresenceListeners } from '../features/presence/presence-listeners';
import { addSettingsListeners } from '../features/settings/settings-listeners';
import { addProfileListeners } from '../features/profiles/profiles-listeners';
import { addUserDirectoryListeners } from '../features/directory/directory-listeners';
import { addSearchListeners } from '../features/search/search-listeners';
import type { AppStartListening } from '../store/store';

/**
 * The live queries of the signed-in screens. This module (and with it the database SDK) is
 * loaded with the first sign-in, not with the first screen.
 */
export function registerSignedInListeners(start: AppStartListening): void {
  addRelationshipListeners(start);
  addProfileListeners(start);
  addUserDirectoryListeners(start);
  addGroupListeners(start);
  addConversationListeners(start, (state, key) => selectInboxEntry(state, key)?.lastMessageId);
  addConversationReceiptsListeners(start);
  addConversationFilesListeners(start);
  addInboxListeners(start);
  addInboxPrefsListeners(start);
  addDraftsListeners(start);
  addPresenceListeners(start);
  addNotificationListeners(start);
  addSettingsListeners(start);
  addAnnounceListeners(start);
  addEncryptionListeners(start);
  addLateWrapListeners(start);
  addSearchListeners(start);
}
