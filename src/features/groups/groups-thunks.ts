import { createAppAsyncThunk, createWriteThunk } from '../../store/create-app-thunk';
import type { RootState } from '../../store/store';
import type { MembershipStatus } from '../../lib/firebase/records';
import { attemptWrite } from '../../lib/write-failure';
import { groupsStrings } from './groups-strings';
import { libStrings } from '../../lib/lib-strings';
import { requireMe } from '../profiles';

// Each write runs through attemptWrite: a failure becomes the toast (app/write-failure-toast).

type Person = { uid: string; username: string };

function me(state: RootState): Person {
  const { uid, username } = requireMe(state);
  return { uid, username };
}

export const createGroup = createWriteThunk(
  'groups/createGroup',
  libStrings.home.errors.createGroup,
  (fields: { groupName: string; groupTag: string }, { getState, extra }) =>
    extra.groups.createGroup(me(getState()), fields),
);

export const inviteFriend = createAppAsyncThunk(
  'groups/inviteFriend',
  ({ groupId, friend }: { groupId: string; friend: Person }, { extra, rejectWithValue }) =>
    attemptWrite(
      libStrings.home.errors.invite,
      () => extra.groups.invite(groupId, friend),
      rejectWithValue,
    ),
);

/**
 * A Group List row's 'Accept', acting on what the row showed when it was clicked (`shown`: an
 * invitation, or nothing, which asks to join). If my status has changed since (the invitation
 * arrived or was withdrawn before the row could re-render), nothing is written and the toast
 * says so: a click never acts on a state its row did not show.
 */
export const acceptGroupAsShown = createAppAsyncThunk(
  'groups/acceptGroupAsShown',
  (
    { groupId, shown }: { groupId: string; shown: 'invited' | null },
    { getState, extra, rejectWithValue },
  ) => {
    const state = getState();
    const { join, changedMeanwhile } = libStrings.home.errors;
    const mine: Partial<Record<string, MembershipStatus>> = state.memberships.mine;
    const now = mine[groupId] ?? null;
    if (now !== shown) return rejectWithValue(`${join}: ${changedMeanwhile}`);
    return attemptWrite(
      join,
      () =>
        now === 'invited'
          ? extra.groups.admit(groupId, me(state))
          : extra.groups.requestToJoin(groupId, me(state)),
      rejectWithValue,
    );
  },
);

export const approveJoinRequest = createWriteThunk(
  'groups/approveJoinRequest',
  libStrings.home.errors.approve,
  ({ groupId, person }: { groupId: string; person: Person }, { extra }) =>
    extra.groups.admit(groupId, person),
);

/** Declines an invitation or a join request, withdraws my request, or removes a member. */
export const removeFromGroup = createWriteThunk(
  'groups/removeFromGroup',
  libStrings.home.errors.removeMember,
  ({ groupId, person }: { groupId: string; person: Person }, { extra }) =>
    extra.groups.remove(groupId, person),
);

/** Declines the invitation to a group, or withdraws my request to join it. */
export const leaveGroupInvitation = createWriteThunk(
  'groups/leaveGroupInvitation',
  libStrings.home.errors.removeMember,
  (groupId: string, { getState, extra }) => extra.groups.remove(groupId, me(getState())),
);

/** I leave a group I belong to (after the confirmation dialog). */
export const leaveGroup = createWriteThunk(
  'groups/leaveGroup',
  groupsStrings.groupChat.errors.leave,
  (groupId: string, { getState, extra }) => extra.groups.remove(groupId, me(getState())),
);

/** The admin renames a group; the fields are already checked by groupSchema. */
export const renameGroup = createAppAsyncThunk(
  'groups/renameGroup',
  (
    { groupId, fields }: { groupId: string; fields: { groupName: string; groupTag: string } },
    { extra, rejectWithValue },
  ) =>
    attemptWrite(
      groupsStrings.groupChat.errors.rename,
      () => extra.groups.renameGroup(groupId, fields),
      rejectWithValue,
    ),
);
