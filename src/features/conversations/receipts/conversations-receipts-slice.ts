import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { ReadMarker } from '../../../lib/firebase/inbox/shapes';
import { resetPerSignedInUser } from '../../../store/session';

interface ReceiptsState {
  owner: string | null;
  /** My `settings/{me}/readReceipts`: on unless switched off. */
  receiptsOn: boolean;
  /** The open conversation's friend: how far they read, and when (local time) they typed. */
  friendMarker: { key: ConversationKey; marker: ReadMarker | null } | null;
  typing: { key: ConversationKey; seenAt: number } | null;
  /** The open group conversation's read markers by uid (mine included), with my receipts on. */
  groupMarkers: { key: ConversationKey; markers: Record<string, ReadMarker> } | null;
  tabVisible: boolean;
  /** A chat panel (a friend's or a group's) is on screen. */
  chatShown: boolean;
  /** My unread count of the open conversation when it opened: where 'New messages' goes. */
  openedUnread: { key: ConversationKey; count: number } | null;
}

function initialState(
  owner: string | null = null,
  { tabVisible, chatShown } = { tabVisible: true, chatShown: false },
): ReceiptsState {
  return {
    owner,
    receiptsOn: true,
    friendMarker: null,
    typing: null,
    groupMarkers: null,
    tabVisible,
    chatShown,
    openedUnread: null,
  };
}

/**
 * What the open conversation shows besides its messages: read markers (Seen), typing, my
 * receipts preference, whether it is on screen, and where the 'New messages' divider goes.
 */
export const conversationReceiptsSlice = createSlice({
  name: 'conversationReceipts',
  initialState: initialState(),
  reducers: {
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
    /** Told by the inbox, which owns the unread counts, when a conversation opens. */
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
  receiptsChanged,
  friendMarkerChanged,
  groupMarkersChanged,
  typingChanged,
  openedUnreadCaptured,
  tabVisibilityChanged,
  chatShownChanged,
} = conversationReceiptsSlice.actions;

declare module '../../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationReceiptsSlice> {}
}
