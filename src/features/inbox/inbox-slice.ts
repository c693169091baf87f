import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../lib/conversation-key';
import type { InboxEntry } from '../../lib/firebase/inbox/shapes';
import type { LoadStatus } from '../../lib/load-status';
import { resetPerSignedInUser } from '../../store/session';

/** 'unknown' until `.info/connected` first answers, so the page never opens saying "offline". */
export type Connection = 'unknown' | 'online' | 'offline';

interface InboxState {
  owner: string | null;
  status: LoadStatus;
  /** My conversations by key (`inbox/{me}` and `groupInbox/{me}`), live. */
  entries: Partial<Record<ConversationKey, InboxEntry>>;
  connection: Connection;
}

function initialState(owner: string | null = null): InboxState {
  return { owner, status: owner ? 'loading' : 'idle', entries: {}, connection: 'unknown' };
}

/** The signed-in user's inbox (unread counts and last messages per conversation) and the connection. */
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
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(builder, initialState, () => initialState());
  },
});

export const { inboxReceived, inboxFailed, connectionChanged } = inboxSlice.actions;

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof inboxSlice> {}
}
