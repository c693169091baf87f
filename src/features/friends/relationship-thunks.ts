import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { relationshipsApi } from '../../lib/firebase/relationships';
import {
  recordPhoto,
  type Block,
  type FriendRequest,
  type Friendship,
} from '../../lib/firebase/records';
import { attemptWrite } from '../../lib/write-failure';
import { strings } from '../../strings';
import { requireMe } from '../users';
import { crossingRequests, relationWith } from './relationship';
import { requestSelectors } from './relationships-slice';
import { selectMyUid, selectRelationIndex } from './selectors';

const createWriteThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: string;
}>();

/** Runs a write, dropping its result; a failure becomes the toast (see relationship-listeners). */
const attempt = <R>(what: string, write: () => Promise<unknown>, reject: (m: string) => R) =>
  attemptWrite(what, () => write().then(() => undefined), reject);

export const sendFriendRequest = createWriteThunk(
  'relationships/sendFriendRequest',
  (to: { uid: string; username: string }, { getState, rejectWithValue }) =>
    attempt(
      strings.home.errors.sendRequest,
      () => relationshipsApi.sendRequest(requireMe(getState()), to),
      rejectWithValue,
    ),
  {
    // A second click after the first request showed up locally does nothing; the rules'
    // pair guard refuses any that still slip through (another tab, both people at once).
    condition: (to, { getState }) => {
      const state = getState();
      return relationWith(selectRelationIndex(state), selectMyUid(state), to.uid).kind === 'none';
    },
  },
);

export const acceptFriendRequest = createWriteThunk(
  'relationships/acceptFriendRequest',
  (request: FriendRequest, { getState, rejectWithValue }) => {
    const state = getState();
    const crossing = crossingRequests(
      requestSelectors.selectAll(state),
      request,
      selectMyUid(state),
    );
    return attempt(
      strings.home.errors.accept,
      () => relationshipsApi.acceptRequest(request, crossing),
      rejectWithValue,
    );
  },
);

export const declineFriendRequest = createWriteThunk(
  'relationships/declineFriendRequest',
  (request: FriendRequest, { rejectWithValue }) =>
    attempt(
      strings.home.errors.decline,
      () => relationshipsApi.withdrawRequest(request),
      rejectWithValue,
    ),
);

export const blockFriend = createWriteThunk(
  'relationships/blockFriend',
  (friendship: Friendship, { getState, rejectWithValue }) =>
    attempt(
      strings.home.errors.block,
      () => relationshipsApi.block(friendship, selectMyUid(getState())),
      rejectWithValue,
    ),
);

export const unblockUser = createWriteThunk(
  'relationships/unblockUser',
  (block: Block, { getState, rejectWithValue }) =>
    attempt(
      strings.home.errors.unblock,
      () => relationshipsApi.unblock(block, recordPhoto(requireMe(getState()).photo)),
      rejectWithValue,
    ),
);
