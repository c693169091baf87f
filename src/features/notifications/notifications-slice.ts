import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../store/store';
import type { LoadStatus } from '../../lib/load-status';
import { newestFirst, type AppNotification } from '../../lib/firebase/notifications/shapes';
import { resetPerSignedInUser } from '../../store/session';

/** Entries per page of the feed; "Show older" asks for one more page. */
export const NOTIFICATION_PAGE = 20;

interface NotificationsState {
  owner: string | null;
  /** The newest `limit` entries, newest first. */
  latest: AppNotification[];
  limit: number;
  status: LoadStatus;
  /** Every unread entry, newest first: the bell's count and the toasts. */
  unread: AppNotification[];
  unreadStatus: LoadStatus;
  /** A message came while the tab was hidden and browser notifications are off. */
  promptWanted: boolean;
}

const initialState: NotificationsState = {
  owner: null,
  latest: [],
  limit: NOTIFICATION_PAGE,
  status: 'idle',
  unread: [],
  unreadStatus: 'idle',
  promptWanted: false,
};

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    latestReceived(state, action: PayloadAction<AppNotification[]>) {
      state.latest = [...action.payload].sort(newestFirst);
      state.status = 'ready';
    },
    latestFailed(state) {
      state.status = 'error';
    },
    unreadReceived(state, action: PayloadAction<AppNotification[]>) {
      state.unread = [...action.payload].sort(newestFirst);
      state.unreadStatus = 'ready';
    },
    unreadFailed(state) {
      state.unreadStatus = 'error';
    },
    notificationPromptWanted(state) {
      state.promptWanted = true;
    },
    notificationPromptClosed(state) {
      state.promptWanted = false;
    },
    olderRequested(state) {
      state.limit += NOTIFICATION_PAGE;
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(
      builder,
      (owner) => ({
        ...initialState,
        owner,
        status: 'loading' as const,
        unreadStatus: 'loading' as const,
      }),
      () => initialState,
    );
  },
});

export const {
  latestReceived,
  latestFailed,
  unreadReceived,
  unreadFailed,
  olderRequested,
  notificationPromptWanted,
  notificationPromptClosed,
} = notificationsSlice.actions;

export const selectNotifications = (state: RootState) => state.notifications;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof notificationsSlice> {}
}
