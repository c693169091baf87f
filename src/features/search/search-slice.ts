import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { resetPerSignedInUser } from '../../store/session';
import type { CrawlMarks } from './worker';

/** History indexing: how many messages are indexed of how many known so far. */
export interface SearchProgress {
  indexed: number;
  total: number;
}

interface SearchState {
  owner: string | null;
  /** The device index: opening (reading the saved copy), ready, or failed to start. */
  status: 'idle' | 'opening' | 'ready' | 'error';
  /** Messages in the index. */
  size: number;
  /** Bumped on every change to the index, so shown results search again. */
  version: number;
  /** History still being indexed, or null once all of it is. */
  progress: SearchProgress | null;
  paused: boolean;
  /** The search panel (Ctrl+K, the 'Search messages' field) is open. */
  panelOpen: boolean;
  /** What it opened with (typed into the field before it opened). */
  /** What the search dialog's field holds, from the first key after Ctrl+K. */
  query: string;
}

const initialState = (owner: string | null = null): SearchState => ({
  owner,
  status: owner ? 'opening' : 'idle',
  size: 0,
  version: 0,
  progress: null,
  paused: false,
  panelOpen: false,
  query: '',
});

/** The signed-in user's message search: the index's state and the search panel. */
export const searchSlice = createSlice({
  name: 'search',
  initialState: initialState(),
  reducers: {
    /** The saved index is open; `marks` tell the history indexing where it stopped. */
    searchIndexOpened(state, action: PayloadAction<{ size: number; marks: CrawlMarks }>) {
      state.status = 'ready';
      state.size = action.payload.size;
      state.version += 1;
    },
    searchIndexFailed(state) {
      state.status = 'error';
    },
    searchIndexChanged(state, action: PayloadAction<{ size: number }>) {
      state.size = action.payload.size;
      state.version += 1;
    },
    searchProgressed(state, action: PayloadAction<SearchProgress | null>) {
      state.progress = action.payload;
    },
    searchPaused(state, action: PayloadAction<boolean>) {
      state.paused = action.payload;
    },
    searchPanelOpened(state, action: PayloadAction<string | undefined>) {
      state.panelOpen = true;
      state.query = action.payload ?? '';
    },
    searchQueryChanged(state, action: PayloadAction<string>) {
      state.query = action.payload;
    },
    searchPanelClosed(state) {
      state.panelOpen = false;
      state.query = '';
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => initialState(owner),
      () => initialState(),
    );
  },
});

export const {
  searchIndexOpened,
  searchIndexFailed,
  searchIndexChanged,
  searchProgressed,
  searchPaused,
  searchPanelOpened,
  searchQueryChanged,
  searchPanelClosed,
} = searchSlice.actions;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof searchSlice> {}
}
