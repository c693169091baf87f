import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { LoadStatus } from '../../lib/load-status';
import type { InboxEntry } from '../../lib/firebase/inbox-entry';
import { newestFirst, type AppNotification } from '../../lib/firebase/notification-record';
import { selectFriendRows } from '../friends';
import { resetPerSignedInUser } from '../session';

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
  /** My inbox entries: the source of the "new messages" entries. */
  conversations: InboxEntry[];
}

const initialState: NotificationsState = {
  owner: null,
  latest: [],
  limit: NOTIFICATION_PAGE,
  status: 'idle',
  unread: [],
  unreadStatus: 'idle',
  conversations: [],
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
    conversationsReceived(state, action: PayloadAction<InboxEntry[]>) {
      state.conversations = action.payload;
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
  conversationsReceived,
} = notificationsSlice.actions;

export const selectNotifications = (state: RootState) => state.notifications;
/**
 * One unread "new messages" entry per conversation with messages I have not read, named after
 * the friend (from my friendships); it goes away when the chat marks the conversation read.
 */
export const selectMessageNotifications = createSelector(
  [(state: RootState) => state.notifications.conversations, selectFriendRows],
  (conversations, friends): AppNotification[] =>
    conversations.flatMap((entry) => {
      const row = friends.find((f) => f.friendship.id === entry.relId);
      if (entry.unread <= 0 || !row || entry.lastSenderId !== row.friend.uid) return [];
      return [
        {
          id: `message:${entry.relId}:${entry.lastMessageId}`,
          kind: 'message' as const,
          actorId: row.friend.uid,
          actorName: row.friend.name,
          ref: entry.relId,
          at: entry.lastAt,
          read: false,
          count: entry.unread,
        },
      ];
    }),
);

/** Everything unread, newest first: stored entries and conversations with new messages. */
export const selectAllUnread = createSelector(
  [(state: RootState) => state.notifications.unread, selectMessageNotifications],
  (unread, messages) => [...unread, ...messages].sort(newestFirst),
);

/** The page: the newest stored entries with the conversations' entries among them. */
export const selectFeed = createSelector(
  [(state: RootState) => state.notifications.latest, selectMessageNotifications],
  (latest, messages) => [...latest, ...messages].sort(newestFirst),
);

export const selectUnreadCount = (state: RootState) => selectAllUnread(state).length;
/** More entries may exist than the page shows. */
export const selectMayHaveOlder = (state: RootState) =>
  state.notifications.latest.length >= state.notifications.limit;
