import type { WithSlice } from '@reduxjs/toolkit';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/load-status';
import type { DirectoryUser } from '../../lib/firebase/records';
import { resetPerSignedInUser } from '../../store/session';

/** Users per page: one page is what a client downloads per "Load more", never everyone. */
export const USER_PAGE_SIZE = 50;
export const SEARCH_MAX = 40;

/** The form the search key takes in `usernameLower`. */
export function normalizeSearch(text: string): string {
  return text.trim().toLowerCase().slice(0, SEARCH_MAX);
}

interface UserDirectoryState {
  owner: string | null;
  /** The normalized search the pages belong to. */
  search: string;
  /** Each page as its live listener last delivered it. */
  pages: DirectoryUser[][];
  status: LoadStatus;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
}

const initialState: UserDirectoryState = {
  owner: null,
  search: '',
  pages: [],
  status: 'idle',
  error: null,
  hasMore: false,
  loadingMore: false,
};

export const directorySlice = createSlice({
  name: 'directory',
  initialState,
  reducers: {
    userSearchChanged(state, action: PayloadAction<string>) {
      const search = normalizeSearch(action.payload);
      if (search === state.search) return;
      Object.assign(state, { search, pages: [], status: 'loading', error: null, hasMore: false });
      state.loadingMore = false;
    },
    moreUsersRequested(state) {
      if (state.hasMore && state.status === 'ready') state.loadingMore = true;
    },
    userPageReceived(
      state,
      action: PayloadAction<{ search: string; index: number; users: DirectoryUser[] }>,
    ) {
      const { search, index, users } = action.payload;
      // A page of an older search can still arrive before its listener is closed.
      if (search !== state.search || index > state.pages.length) return;
      state.pages[index] = users;
      state.status = 'ready';
      state.error = null;
      if (index === state.pages.length - 1) {
        state.hasMore = users.length >= USER_PAGE_SIZE;
        state.loadingMore = false;
      }
    },
    userPageFailed(state, action: PayloadAction<{ search: string; message: string }>) {
      if (action.payload.search !== state.search) return;
      state.status = 'error';
      state.error = action.payload.message;
      state.loadingMore = false;
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

export const { userSearchChanged, moreUsersRequested, userPageReceived, userPageFailed } =
  directorySlice.actions;

type WithDirectory = { [directorySlice.reducerPath]: UserDirectoryState };

export const selectUserDirectory = (state: WithDirectory) => state.directory;

/** Everyone on the loaded pages except the signed-in user, each once, in page order. */
export const selectDirectoryUsers = createSelector(
  [
    (state: WithDirectory) => state.directory.pages,
    (state: WithDirectory) => state.directory.owner,
  ],
  (pages, owner) => {
    const seen = new Set<string>();
    const users: DirectoryUser[] = [];
    for (const user of pages.flat()) {
      if (user.uid === owner || seen.has(user.uid)) continue;
      seen.add(user.uid);
      users.push(user);
    }
    return users;
  },
);

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof directorySlice> {}
}
