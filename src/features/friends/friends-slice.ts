import type { WithSlice } from '@reduxjs/toolkit';
import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { liveListIdle, liveListLoading, type LiveListMeta } from '../../lib/load-status';
import type { Block, FriendRequest, Friendship } from '../../lib/firebase/records';
import { resetPerSignedInUser } from '../../store/session';

const requestsAdapter = createEntityAdapter<FriendRequest>();
const friendsAdapter = createEntityAdapter<Friendship>();
const blocksAdapter = createEntityAdapter<Block>();

export type RelationshipList = 'requests' | 'friends' | 'blocks';

function initialState(meta: LiveListMeta, owner: string | null = null) {
  return {
    /** Whose lists these are; a repeated sign-in of the same user keeps them. */
    owner,
    requests: requestsAdapter.getInitialState(meta),
    friends: friendsAdapter.getInitialState(meta),
    blocks: blocksAdapter.getInitialState(meta),
  };
}

/**
 * The signed-in user's friend requests (both directions), friendships and blocks (both
 * directions), each replaced whole by its live listener. Reset on sign-in and sign-out.
 */
export const friendsSlice = createSlice({
  name: 'friends',
  initialState: initialState(liveListIdle),
  reducers: {
    requestsReceived(state, action: PayloadAction<FriendRequest[]>) {
      requestsAdapter.setAll(state.requests, action.payload);
      Object.assign(state.requests, { status: 'ready', error: null });
    },
    friendsReceived(state, action: PayloadAction<Friendship[]>) {
      friendsAdapter.setAll(state.friends, action.payload);
      Object.assign(state.friends, { status: 'ready', error: null });
    },
    blocksReceived(state, action: PayloadAction<Block[]>) {
      blocksAdapter.setAll(state.blocks, action.payload);
      Object.assign(state.blocks, { status: 'ready', error: null });
    },
    relationshipListFailed(
      state,
      action: PayloadAction<{ list: RelationshipList; message: string }>,
    ) {
      const list = state[action.payload.list];
      list.status = 'error';
      list.error = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => initialState(liveListLoading, owner),
      () => initialState(liveListIdle),
    );
  },
});

export const { requestsReceived, friendsReceived, blocksReceived, relationshipListFailed } =
  friendsSlice.actions;

type SliceState = ReturnType<typeof friendsSlice.getInitialState>;
type WithFriends = { [friendsSlice.reducerPath]: SliceState };

export const requestSelectors = requestsAdapter.getSelectors(
  (state: WithFriends) => state.friends.requests,
);
export const friendSelectors = friendsAdapter.getSelectors(
  (state: WithFriends) => state.friends.friends,
);
export const blockSelectors = blocksAdapter.getSelectors(
  (state: WithFriends) => state.friends.blocks,
);

/** The list's state; its `status` and `error` say whether it has loaded. */
export function selectListMeta(state: WithFriends, list: RelationshipList): LiveListMeta {
  return state.friends[list];
}

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof friendsSlice> {}
}
