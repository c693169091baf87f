import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import {
  otherParty,
  type Block,
  type FriendRequest,
  type Friendship,
} from '../../lib/firebase/records';
import { selectActiveUser } from '../../store/session';
import { buildRelationIndex } from './friendship';
import { blockSelectors, friendSelectors, requestSelectors } from './friends-slice';

export const selectMyUid = (state: RootState): string => selectActiveUser(state)?.uid ?? '';

/** Push ids sort by creation time, so this lists the newest first. */
const newestFirst = <T extends { id: string }>(a: T, b: T) =>
  a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

export const selectRelationIndex = createSelector(
  [requestSelectors.selectAll, friendSelectors.selectAll, blockSelectors.selectAll, selectMyUid],
  (requests, friends, blocks, me) => buildRelationIndex(me, { requests, friends, blocks }),
);

/** Requests others sent me: the Friend Request panel. */
export const selectIncomingRequests = createSelector(
  [requestSelectors.selectAll, selectMyUid],
  (requests, me): FriendRequest[] =>
    requests.filter((r) => r.receiverId === me && r.senderId !== me).sort(newestFirst),
);

export interface FriendRow {
  friendship: Friendship;
  friend: { uid: string; name: string };
}

/** My friends by name: the Friend List panel and the invite list of groups. */
export const selectFriendRows = createSelector(
  [friendSelectors.selectAll, selectMyUid],
  (friends, me): FriendRow[] =>
    friends
      .filter((f) => f.senderId === me || f.receiverId === me)
      .map((friendship) => ({ friendship, friend: otherParty(friendship, me) }))
      .sort((a, b) => a.friend.name.localeCompare(b.friend.name)),
);

/** People I blocked: the Blocked Users panel. Blocks against me stay hidden there. */
export const selectMyBlocks = createSelector(
  [blockSelectors.selectAll, selectMyUid],
  (blocks, me): Block[] =>
    blocks.filter((b) => b.blockbyid === me).sort((a, b) => a.blockName.localeCompare(b.blockName)),
);
