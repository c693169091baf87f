import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { conversationKey, type ConversationKey } from '../../../lib/conversation-key';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { resetPerSignedInUser } from '../../../store/session';
import { conversationClosed, conversationOpened } from '../timeline';

/** A quoted message not loaded: being read, read (null when it is gone), or not readable. */
export type QuoteFetch = 'loading' | 'failed' | ConversationMessage | null;

interface QuotesState {
  owner: string | null;
  /** The open conversation these belong to. */
  key: ConversationKey | null;
  /** Quoted messages read once by id (`fetchOne`), so each is read at most once. */
  fetched: Partial<Record<string, QuoteFetch>>;
  /** The message a quote asked to show; `seq` tells a second click on the same quote apart. */
  jump: { id: string; seq: number } | null;
  /** The quoted message being loaded for a jump (everything from it to the oldest loaded). */
  jumping: string | null;
  /** The message shown by a jump, highlighted for a moment. */
  highlighted: string | null;
}

const initialState = (owner: string | null = null, key: ConversationKey | null = null) =>
  ({ owner, key, fetched: {}, jump: null, jumping: null, highlighted: null }) as QuotesState;

type ForKey<T> = PayloadAction<{ key: ConversationKey } & T>;

/** The quotes in the open conversation's bubbles and the jumps to their originals. */
export const conversationQuotesSlice = createSlice({
  name: 'conversationQuotes',
  initialState: initialState(),
  reducers: {
    quoteRequested(state, action: ForKey<{ id: string }>) {
      if (action.payload.key === state.key) state.fetched[action.payload.id] = 'loading';
    },
    quoteReceived(state, action: ForKey<{ id: string; message: ConversationMessage | null }>) {
      if (action.payload.key === state.key)
        state.fetched[action.payload.id] = action.payload.message;
    },
    quoteFailed(state, action: ForKey<{ id: string }>) {
      if (action.payload.key === state.key) state.fetched[action.payload.id] = 'failed';
    },
    jumpStarted(state, action: ForKey<{ id: string }>) {
      if (action.payload.key === state.key) state.jumping = action.payload.id;
    },
    jumpEnded(state, action: ForKey<{ id: string | null }>) {
      if (action.payload.key !== state.key) return;
      state.jumping = null;
      const { id } = action.payload;
      if (id === null) return;
      state.jump = { id, seq: (state.jump?.seq ?? 0) + 1 };
    },
    /** The list shows the message a jump asked for (use-jump-to-quoted.ts). */
    highlightStarted(state, action: PayloadAction<string>) {
      state.highlighted = action.payload;
    },
    highlightEnded(state, action: PayloadAction<string>) {
      if (state.highlighted === action.payload) state.highlighted = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(conversationOpened, (state, { payload }) =>
        initialState(state.owner, conversationKey(payload.kind, payload.conversationId)),
      )
      .addCase(conversationClosed, (state) => initialState(state.owner));
    resetPerSignedInUser(
      builder,
      (owner) => initialState(owner),
      () => initialState(),
    );
  },
});

export const {
  quoteRequested,
  quoteReceived,
  quoteFailed,
  jumpStarted,
  jumpEnded,
  highlightStarted,
  highlightEnded,
} = conversationQuotesSlice.actions;

declare module '../../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationQuotesSlice> {}
}
