import { combineReducers } from '@reduxjs/toolkit';
import { sessionSlice } from '../features/session';
import { relationshipsSlice } from '../features/friends/relationships-slice';
import { groupsSlice } from '../features/groups/groups-slice';
import { membershipsSlice } from '../features/groups/memberships-slice';
import { inboxSlice } from '../features/inbox/inbox-slice';
import { chatSlice } from '../features/messages/chat-slice';
import { notificationsSlice } from '../features/notifications/notifications-slice';
import { settingsSlice } from '../features/settings/settings-slice';
import { profilesSlice } from '../features/users/profiles-slice';
import { userDirectorySlice } from '../features/users/user-directory-slice';

/** Each feature adds its slice here. */
export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [relationshipsSlice.reducerPath]: relationshipsSlice.reducer,
  [userDirectorySlice.reducerPath]: userDirectorySlice.reducer,
  [profilesSlice.reducerPath]: profilesSlice.reducer,
  [groupsSlice.reducerPath]: groupsSlice.reducer,
  [membershipsSlice.reducerPath]: membershipsSlice.reducer,
  [chatSlice.reducerPath]: chatSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [settingsSlice.reducerPath]: settingsSlice.reducer,
  [inboxSlice.reducerPath]: inboxSlice.reducer,
});
