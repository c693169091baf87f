import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ConversationKey } from '../../../lib/conversation-key';
import type { Draft, Drafts } from '../../../lib/firebase/conversations';
import type { LoadStatus } from '../../../lib/load-status';
import type { RootState } from '../../../store/store';
import { resetPerSignedInUser } from '../../../store/session';

interface DraftsState {
  owner: string | null;
  status: LoadStatus;
  /** `drafts/{me}` by conversation, live: what I typed on any device and did not send. */
  byKey: Drafts;
}

const initialState = (owner: string | null = null): DraftsState => ({
  owner,
  status: owner ? 'loading' : 'idle',
  byKey: {},
});

export const conversationDraftsSlice = createSlice({
  name: 'conversationDrafts',
  initialState: initialState(),
  reducers: {
    draftsReceived(state, action: PayloadAction<Drafts>) {
      state.byKey = action.payload;
      state.status = 'ready';
    },
    draftsFailed(state) {
      state.status = 'error';
    },
    /** Read again with the drafts key just received: not ready until they arrive opened. */
    draftsReopened(state) {
      state.status = 'loading';
    },
  },
  extraReducers: (builder) => {
    resetPerSignedInUser(builder, initialState, () => initialState());
  },
});

export const { draftsReceived, draftsFailed, draftsReopened } = conversationDraftsSlice.actions;

export const selectDraftOf = (state: RootState, key: ConversationKey | null): Draft | null =>
  key ? (state.conversationDrafts.byKey[key] ?? null) : null;
export const selectDraftsReady = (state: RootState) =>
  state.conversationDrafts.status === 'ready' || state.conversationDrafts.status === 'error';

declare module '../../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationDraftsSlice> {}
}
