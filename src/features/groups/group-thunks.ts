import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { groupsApi } from '../../lib/firebase/groups';
import { attemptWrite } from '../../lib/write-failure';
import { strings } from '../../strings';
import { requireMe } from '../users';

/** Each write runs through attemptWrite: a failure becomes the toast text (see group-listeners). */
const createWriteThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: string;
}>();

type Person = { uid: string; username: string };

function me(state: RootState): Person {
  const { uid, username } = requireMe(state);
  return { uid, username };
}

export const createGroup = createWriteThunk(
  'groups/createGroup',
  (fields: { groupName: string; groupTag: string }, { getState, rejectWithValue }) =>
    attemptWrite(
      strings.home.errors.createGroup,
      () => groupsApi.createGroup(me(getState()), fields),
      rejectWithValue,
    ),
);

export const inviteFriend = createWriteThunk(
  'groups/inviteFriend',
  ({ groupId, friend }: { groupId: string; friend: Person }, { rejectWithValue }) =>
    attemptWrite(
      strings.home.errors.invite,
      () => groupsApi.invite(groupId, friend),
      rejectWithValue,
    ),
);

/** 'Accept' on the Group List: joins when invited, otherwise asks the admin to let me in. */
export const acceptGroup = createWriteThunk(
  'groups/acceptGroup',
  (groupId: string, { getState, rejectWithValue }) => {
    const state = getState();
    const invited = state.memberships.mine[groupId] === 'invited';
    return attemptWrite(
      strings.home.errors.join,
      () =>
        invited ? groupsApi.admit(groupId, me(state)) : groupsApi.requestToJoin(groupId, me(state)),
      rejectWithValue,
    );
  },
);

export const approveJoinRequest = createWriteThunk(
  'groups/approveJoinRequest',
  ({ groupId, person }: { groupId: string; person: Person }, { rejectWithValue }) =>
    attemptWrite(
      strings.home.errors.approve,
      () => groupsApi.admit(groupId, person),
      rejectWithValue,
    ),
);

/** Declines an invitation or a join request, withdraws my request, or removes a member. */
export const removeFromGroup = createWriteThunk(
  'groups/removeFromGroup',
  ({ groupId, person }: { groupId: string; person: Person }, { rejectWithValue }) =>
    attemptWrite(
      strings.home.errors.removeMember,
      () => groupsApi.remove(groupId, person),
      rejectWithValue,
    ),
);

/** Declines the invitation to a group, or withdraws my request to join it. */
export const leaveGroupInvitation = createWriteThunk(
  'groups/leaveGroupInvitation',
  (groupId: string, { getState, rejectWithValue }) =>
    attemptWrite(
      strings.home.errors.removeMember,
      () => groupsApi.remove(groupId, me(getState())),
      rejectWithValue,
    ),
);
