import { createSelector } from '@reduxjs/toolkit';
import { directKey, groupKey, type ConversationKey } from '../../lib/conversation-key';
import type { RootState } from '../../store/store';
import { selectFriendRows, selectListMeta } from '../friends';
import { selectMyGroupIds, selectMyGroupsLoaded } from '../groups';

/** The conversations I can read now: my friendships' and my groups'. */
export const selectReadableConversations = createSelector(
  [selectFriendRows, selectMyGroupIds],
  (friends, groups): ConversationKey[] => [
    ...friends.map((row) => directKey(row.friendship.id)),
    ...groups.map(groupKey),
  ],
);

/** Friends and groups have both answered, so the list above is whole. */
export const selectReadableKnown = (state: RootState): boolean =>
  selectListMeta(state, 'friends').status === 'ready' && selectMyGroupsLoaded(state);

export const selectSearchStatus = (state: RootState) => state.search.status;
export const selectSearchVersion = (state: RootState) => state.search.version;
export const selectSearchProgress = (state: RootState) => state.search.progress;
export const selectSearchPaused = (state: RootState) => state.search.paused;
export const selectSearchPanelOpen = (state: RootState) => state.search.panelOpen;
export const selectSearchQuery = (state: RootState) => state.search.query;
