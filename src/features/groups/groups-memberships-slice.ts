import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/load-status';
import type { GroupMembership, MembershipStatus } from '../../lib/firebase/records';
import { resetPerSignedInUser } from '../../store/session';

interface MembershipsState {
  owner: string | null;
  /** My status per group (`userGroups/{me}`), for groups I do not administer. */
  mine: Record<string, MembershipStatus>;
  status: LoadStatus;
  error: string | null;
  /** Each roster I may read (groups I administer or belong to), by group id. */
  rosters: Partial<Record<string, GroupMembership[]>>;
}

const initialState: MembershipsState = {
  owner: null,
  mine: {},
  status: 'idle',
  error: null,
  rosters: {},
};

export const membershipsSlice = createSlice({
  name: 'memberships',
  initialState,
  reducers: {
    myMembershipsReceived(state, action: PayloadAction<Record<string, MembershipStatus>>) {
      state.mine = action.payload;
      state.status = 'ready';
      state.error = null;
    },
    myMembershipsFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    rosterReceived(state, action: PayloadAction<{ groupId: string; entries: GroupMembership[] }>) {
      state.rosters[action.payload.groupId] = action.payload.entries;
    },
    /** The roster's listener closed (I left, or lost access): forget what it showed. */
    rosterClosed(state, action: PayloadAction<string>) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a record keyed by id
      delete state.rosters[action.payload];
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({ ...initialState, owner, status: 'loading' as const }),
      () => initialState,
    );
  },
});

export const { myMembershipsReceived, myMembershipsFailed, rosterReceived, rosterClosed } =
  membershipsSlice.actions;

export type WithMemberships = { [membershipsSlice.reducerPath]: MembershipsState };

export const selectMyMemberships = (state: WithMemberships) => state.memberships.mine;
export const selectRoster = (state: WithMemberships, groupId: string) =>
  state.memberships.rosters[groupId];

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof membershipsSlice> {}
}
