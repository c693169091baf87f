import type { WithSlice } from '@reduxjs/toolkit';
import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { liveListIdle, liveListLoading, type LiveListMeta } from '../../lib/load-status';
import type { Group } from '../../lib/firebase/records';
import { resetPerSignedInUser } from '../../store/session';

/** Groups per directory page ("Load more" asks for the next, older page). */
export const GROUP_PAGE_SIZE = 50;

/** Every group record this client knows, whichever listener brought it. */
const groupsAdapter = createEntityAdapter<Group>();

function initialState(meta: LiveListMeta, owner: string | null = null) {
  return groupsAdapter.getInitialState({
    owner,
    /** Groups I administer (My Groups). */
    mine: { ids: [] as string[], ...meta },
    /** Pages of the newest groups, for discovering groups (Group List). */
    directory: { pages: [] as string[][], hasMore: false, loadingMore: false, ...meta },
  });
}

export const groupsSlice = createSlice({
  name: 'groups',
  initialState: initialState(liveListIdle),
  reducers: {
    myGroupsReceived(state, action: PayloadAction<Group[]>) {
      groupsAdapter.upsertMany(state, action.payload);
      state.mine.ids = action.payload.map((g) => g.id);
      Object.assign(state.mine, { status: 'ready', error: null });
    },
    groupPageReceived(state, action: PayloadAction<{ index: number; groups: Group[] }>) {
      const { index, groups } = action.payload;
      const { directory } = state;
      if (index > directory.pages.length) return;
      groupsAdapter.upsertMany(state, groups);
      // Newest first: the query returns the page in key (creation) order.
      directory.pages[index] = groups.map((g) => g.id).reverse();
      Object.assign(directory, { status: 'ready', error: null });
      if (index === directory.pages.length - 1) {
        directory.hasMore = groups.length >= GROUP_PAGE_SIZE;
        directory.loadingMore = false;
      }
    },
    moreGroupsRequested(state) {
      const { directory } = state;
      if (directory.hasMore && directory.status === 'ready') directory.loadingMore = true;
    },
    /** A group I am invited to or belong to, read on its own. */
    groupReceived(state, action: PayloadAction<{ id: string; group: Group | null }>) {
      if (action.payload.group) groupsAdapter.upsertOne(state, action.payload.group);
    },
    groupListFailed(state, action: PayloadAction<{ list: 'mine' | 'directory'; message: string }>) {
      const list = state[action.payload.list];
      list.status = 'error';
      list.error = action.payload.message;
      if (action.payload.list === 'directory') state.directory.loadingMore = false;
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

export const {
  myGroupsReceived,
  groupPageReceived,
  moreGroupsRequested,
  groupReceived,
  groupListFailed,
} = groupsSlice.actions;

export type GroupsState = ReturnType<typeof groupsSlice.getInitialState>;
export type WithGroups = { [groupsSlice.reducerPath]: GroupsState };

export const groupSelectors = groupsAdapter.getSelectors((state: WithGroups) => state.groups);

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof groupsSlice> {}
}
