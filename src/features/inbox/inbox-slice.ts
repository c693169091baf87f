import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry, ReadMarker } from '../../lib/firebase/inbox-entry';
import type { LoadStatus } from '../../lib/load-status';
import { resetPerSignedInUser } from '../../store/session';

/** 'unknown' until `.info/connected` first answers, so the page never opens saying "offline". */
export type Connection = 'unknown' | 'online' | 'offline';

/** One of my messages the server has not stored yet ('pending') or refused ('failed'). */
export interface OutgoingMessage {
  id: string;
  /** The conversation it was sent to. */
  key: ConversationKey;
  text: string;
  state: 'pending' | 'failed';
}

interface InboxFields {
  owner: string | null;
  status: LoadStatus;
  /** My conversations by key (`inbox/{me}` and `groupInbox/{me}`), live. */
  entries: Partial<Record<ConversationKey, InboxEntry>>;
  connection: Connection;
  /** My `settings/{me}/readReceipts`: on unless switched off. */
  receiptsOn: boolean;
  /** The open conversation's friend: how far they read, and when (local time) they typed. */
  friendMarker: { key: ConversationKey; marker: ReadMarker | null } | null;
  typing: { key: ConversationKey; seenAt: number } | null;
  /** The open group conversation's read markers by uid (mine included), with my receipts on. */
  groupMarkers: { key: ConversationKey; markers: Record<string, ReadMarker> } | null;
  /** Sends not acknowledged yet, in the order they were made. */
  outgoing: OutgoingMessage[];
  tabVisible: boolean;
  /** The one-to-one chat panel is on screen (the messages page may show a group's instead). */
  chatShown: boolean;
  /** My unread count of the open conversation when it opened: where 'New messages' goes. */
  openedUnread: { key: ConversationKey; count: number } | null;
}

function initialState(
  owner: string | null = null,
  { tabVisible, chatShown } = { tabVisible: true, chatShown: false },
): InboxFields {
  return {
    owner,
    status: owner ? 'loading' : 'idle',
    entries: {},
    connection: 'unknown',
    receiptsOn: true,
    friendMarker: null,
    typing: null,
    groupMarkers: null,
    outgoing: [],
    tabVisible,
    chatShown,
    openedUnread: null,
  };
}

/**
 * The signed-in user's inbox (unread counts and last messages per conversation), the
 * connection, and what the open conversation shows about the friend and my unsent messages.
 */
export const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialState(),
  reducers: {
    inboxReceived(state, action: PayloadAction<Record<ConversationKey, InboxEntry>>) {
      state.entries = action.payload;
      state.status = 'ready';
    },
    inboxFailed(state) {
      state.status = 'error';
    },
    connectionChanged(state, action: PayloadAction<Connection>) {
      state.connection = action.payload;
    },
    receiptsChanged(state, action: PayloadAction<boolean>) {
      state.receiptsOn = action.payload;
    },
    friendMarkerChanged(
      state,
      action: PayloadAction<{ key: ConversationKey; marker: ReadMarker | null } | null>,
    ) {
      state.friendMarker = action.payload;
    },
    groupMarkersChanged(
      state,
      action: PayloadAction<{ key: ConversationKey; markers: Record<string, ReadMarker> } | null>,
    ) {
      state.groupMarkers = action.payload;
    },
    typingChanged(state, action: PayloadAction<{ key: ConversationKey; seenAt: number } | null>) {
      state.typing = action.payload;
    },
    openedUnreadCaptured(
      state,
      action: PayloadAction<{ key: ConversationKey; count: number } | null>,
    ) {
      state.openedUnread = action.payload;
    },
    tabVisibilityChanged(state, action: PayloadAction<boolean>) {
      state.tabVisible = action.payload;
    },
    chatShownChanged(state, action: PayloadAction<boolean>) {
      state.chatShown = action.payload;
    },
    sendStarted(state, action: PayloadAction<{ id: string; key: ConversationKey; text: string }>) {
      state.outgoing.push({ ...action.payload, state: 'pending' });
    },
    sendAcked(state, action: PayloadAction<string>) {
      state.outgoing = state.outgoing.filter((m) => m.id !== action.payload);
    },
    sendFailed(state, action: PayloadAction<string>) {
      const message = state.outgoing.find((m) => m.id === action.payload);
      if (message) message.state = 'failed';
    },
    /** Delete, or Retry (which sends it again as a new message). */
    failedDismissed(state, action: PayloadAction<string>) {
      state.outgoing = state.outgoing.filter((m) => m.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // What is on screen belongs to the screen, not to the user.
    resetPerSignedInUser(
      builder,
      (owner, previous) => initialState(owner, previous),
      (previous) => initialState(null, previous),
    );
  },
});

export const {
  inboxReceived,
  inboxFailed,
  connectionChanged,
  receiptsChanged,
  friendMarkerChanged,
  groupMarkersChanged,
  typingChanged,
  tabVisibilityChanged,
  chatShownChanged,
  openedUnreadCaptured,
  sendStarted,
  sendAcked,
  sendFailed,
  failedDismissed,
} = inboxSlice.actions;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof inboxSlice> {}
}
