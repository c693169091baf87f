import type { Slice } from '@reduxjs/toolkit';
import { conversationQuotesSlice } from '../features/conversations/quotes/conversations-quotes-slice';
import { conversationSendingSlice } from '../features/conversations/sending/conversations-sending-slice';
import { conversationReceiptsSlice } from '../features/conversations/receipts/conversations-receipts-slice';
import { conversationsSlice } from '../features/conversations/timeline/conversations-slice';
import { encryptionSlice } from '../features/encryption/encryption-slice';
import { conversationDraftsSlice } from '../features/conversations/composer/conversations-drafts-slice';
import { directorySlice } from '../features/directory/directory-slice';
import { friendsSlice } from '../features/friends/friends-slice';
import { membershipsSlice } from '../features/groups/groups-memberships-slice';
import { groupsSlice } from '../features/groups/groups-slice';
import { inboxSlice } from '../features/inbox/inbox-slice';
import { inboxPrefsSlice } from '../features/inbox/inbox-prefs-slice';
import { notificationsSlice } from '../features/notifications/notifications-slice';
import { profilesSlice } from '../features/profiles/profiles-slice';
import { searchSlice } from '../features/search/search-slice';
import { settingsSlice } from '../features/settings/settings-slice';

/**
 * The slices the app's store is built from (src/store imports no feature). Slice modules hold no
 * Firebase code, so listing them here keeps the first screen free of the database SDK.
 */
export const slices: readonly Slice[] = [
  friendsSlice,
  directorySlice,
  profilesSlice,
  groupsSlice,
  membershipsSlice,
  conversationsSlice,
  conversationReceiptsSlice,
  conversationSendingSlice,
  conversationQuotesSlice,
  notificationsSlice,
  settingsSlice,
  inboxSlice,
  encryptionSlice,
  inboxPrefsSlice,
  conversationDraftsSlice,
  searchSlice,
];
