import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../../lib/conversation-key';
import { resetPerSignedInUser } from '../../../store/session';
import type { RootState } from '../../../store/store';

/**
 * What a send added to its message (the quoted id, the forward mark, a group's mentioned uids),
 * kept with the pending or failed message so a Retry sends it again exactly as it was.
 */
export interface OutgoingExtras {
  replyTo?: string;
  forwarded?: true;
  mentions?: string[];
}

/** One of my messages the server has not stored yet ('pending') or refused ('failed'). */
export interface OutgoingMessage {
  id: string;
  /** The conversation it was sent to. */
  key: ConversationKey;
  text: string;
  /** Only when the send carried any. */
  extras?: OutgoingExtras;
  /**
   * A file or voice message whose upload this device keeps until it is sent (a reload resumes
   * it), so closing the tab need not ask; it is never listed failed (its toast says why).
   */
  upload?: true;
  state: 'pending' | 'failed';
}

interface SendingState {
  owner: string | null;
  /** Sends not acknowledged yet, in the order they were made. */
  outgoing: OutgoingMessage[];
}

const initialState = (owner: string | null = null): SendingState => ({ owner, outgoing: [] });

/** My sends between the click and the server's answer, in every conversation. */
export const conversationSendingSlice = createSlice({
  name: 'conversationSending',
  initialState: initialState(),
  reducers: {
    sendStarted(state, action: PayloadAction<Omit<OutgoingMessage, 'state'>>) {
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
    resetPerSignedInUser(builder, initialState, () => initialState());
  },
});

export const { sendStarted, sendAcked, sendFailed, failedDismissed } =
  conversationSendingSlice.actions;

/**
 * The words of my newest file or voice message still uploading to `key` ('📎 plan.pdf'), or
 * null: until it is stored the conversation's inbox entry does not know it, so a first message
 * sent as a file would leave its row saying 'No messages yet' for the whole upload.
 */
export const selectUploadingWords = (state: RootState, key: ConversationKey): string | null =>
  state.conversationSending.outgoing.findLast(
    (m) => m.key === key && m.upload === true && m.state === 'pending',
  )?.text ?? null;

declare module '../../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationSendingSlice> {}
}
