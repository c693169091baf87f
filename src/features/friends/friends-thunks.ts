import { createAppAsyncThunk, createWriteThunk } from '../../store/create-app-thunk';
import {
  recordPhoto,
  type Block,
  type FriendRequest,
  type Friendship,
} from '../../lib/firebase/records';
import { attemptWrite } from '../../lib/write-failure';
import { libStrings } from '../../lib/lib-strings';
import { requireMe } from '../profiles';
import { crossingRequests, relationWith } from './friendship';
import { requestSelectors } from './friends-slice';
import { selectMyUid, selectRelationIndex } from './friends-selectors';

/** Runs a write, dropping its result; a failure becomes the toast (app/write-failure-toast). */
const attempt = <R>(what: string, write: () => Promise<unknown>, reject: (m: string) => R) =>
  attemptWrite(what, () => write().then(() => undefined), reject);

export const sendFriendRequest = createAppAsyncThunk(
  'friends/sendFriendRequest',
  (to: { uid: string; username: string }, { getState, extra, rejectWithValue }) =>
    attempt(
      libStrings.home.errors.sendRequest,
      () => extra.friends.sendRequest(requireMe(getState()), to),
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

export const acceptFriendRequest = createAppAsyncThunk(
  'friends/acceptFriendRequest',
  (request: FriendRequest, { getState, extra, rejectWithValue }) => {
    const state = getState();
    const crossing = crossingRequests(
      requestSelectors.selectAll(state),
      request,
      selectMyUid(state),
    );
    return attempt(
      libStrings.home.errors.accept,
      () => extra.friends.acceptRequest(request, crossing),
      rejectWithValue,
    );
  },
);

export const declineFriendRequest = createWriteThunk(
  'friends/declineFriendRequest',
  libStrings.home.errors.decline,
  (request: FriendRequest, { extra }) => extra.friends.withdrawRequest(request),
);

export const blockFriend = createWriteThunk(
  'friends/blockFriend',
  libStrings.home.errors.block,
  (friendship: Friendship, { getState, extra }) =>
    extra.friends.block(friendship, selectMyUid(getState())),
);

export const unblockUser = createWriteThunk(
  'friends/unblockUser',
  libStrings.home.errors.unblock,
  (block: Block, { getState, extra }) =>
    extra.friends.unblock(block, recordPhoto(requireMe(getState()).photo)),
);
