import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { Friendship } from '../../lib/firebase/records';
import { relationWith, selectListMeta, selectMyUid, selectRelationIndex } from '../friends';
import { MESSAGE_PAGE_SIZE, messageSelectors } from './chat-slice';

/** Whether the selected person can be chatted with, and if not, why. */
export type ChatAvailability =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'open'; friendship: Friendship }
  | { kind: 'blocking' | 'blockedBy' | 'notFriends' };

const NONE: ChatAvailability = { kind: 'none' };
const LOADING: ChatAvailability = { kind: 'loading' };

export const selectSelectedFriend = (state: RootState) => state.chat.selected;

export const selectChatAvailability = createSelector(
  [
    selectSelectedFriend,
    selectRelationIndex,
    selectMyUid,
    (state: RootState) => selectListMeta(state, 'friends').status,
    (state: RootState) => selectListMeta(state, 'blocks').status,
  ],
  (selected, index, me, friendsStatus, blocksStatus): ChatAvailability => {
    if (!selected) return NONE;
    const relation = relationWith(index, me, selected.uid);
    if (relation.kind === 'friends') return { kind: 'open', friendship: relation.friendship };
    if (friendsStatus !== 'ready' || blocksStatus !== 'ready') return LOADING;
    if (relation.kind === 'blocking' || relation.kind === 'blockedBy')
      return { kind: relation.kind };
    return { kind: 'notFriends' };
  },
);

/** The conversation to keep live: the selected friend's, while friends and on screen. */
export const selectOpenRelId = (state: RootState): string | null => {
  if (!state.chat.screenOpen) return null;
  const availability = selectChatAvailability(state);
  return availability.kind === 'open' ? availability.friendship.id : null;
};

export const selectChatMessages = messageSelectors.selectAll;

/** Older messages may exist once a full page is loaded, until a page comes back short. */
export const selectHasOlder = (state: RootState): boolean =>
  !state.chat.olderExhausted && messageSelectors.selectTotal(state) >= MESSAGE_PAGE_SIZE;

/** The open conversation's id (the friendship's), while one is loaded. */
export const selectChatRelId = (state: RootState): string | null => state.chat.relId;

export const selectLoadingOlder = (state: RootState): boolean => state.chat.loadingOlder;
