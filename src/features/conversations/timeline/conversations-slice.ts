import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConversationKey, ConversationKind } from '../../../lib/conversation-key';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { resetPerSignedInUser } from '../../../store/session';
import { receiveLatest } from './conversations-latest';
import {
  basePages,
  clearConversation,
  initialState,
  inTail,
  messagesAdapter,
  openConversationKey,
  upsertLoaded,
  type ComposerMode,
  type SelectedFriend,
} from './conversations-state';
import { locate, MESSAGE_PAGE_SIZE, removeFromPages } from './message-pages';

export { MESSAGE_PAGE_SIZE };

export type { ConversationKind };
export { openConversationKey };
export type { ComposerMode, SelectedFriend } from './conversations-state';

/** What a conversation's answers name: its key, so a friendship's never lands in a group's. */
type ForConversation<T> = PayloadAction<{ key: ConversationKey } & T>;

/**
 * The chat of the signed-in user: who is selected and the loaded messages of the open
 * conversation (the live newest page plus older pages). Reset on sign-in and sign-out.
 */
export const conversationsSlice = createSlice({
  name: 'conversations',
  initialState: initialState(),
  reducers: {
    chatScreenEntered(state) {
      state.screenOpen = true;
    },
    chatScreenLeft(state) {
      state.screenOpen = false;
    },
    friendSelected(state, action: PayloadAction<SelectedFriend>) {
      state.selected = action.payload;
      state.restored = false;
    },
    selectionRestored(state, action: PayloadAction<SelectedFriend>) {
      state.selected = action.payload;
      state.restored = true;
    },
    selectionConfirmed(state) {
      state.restored = false;
    },
    selectionCleared(state) {
      state.selected = null;
      state.restored = false;
    },
    /** The chat shows a group's conversation (the Group List's choice), or the friend's again. */
    groupChatShown(state, action: PayloadAction<string | null>) {
      state.selectedGroup = action.payload;
    },
    conversationOpened: {
      reducer(state, action: PayloadAction<{ conversationId: string; kind: ConversationKind }>) {
        clearConversation(state, action.payload.conversationId, action.payload.kind);
      },
      prepare: (conversationId: string, kind: ConversationKind = 'direct') => ({
        payload: { conversationId, kind },
      }),
    },
    conversationClosed(state) {
      clearConversation(state, null, 'direct');
    },
    /** An answer of the live window of the newest messages (conversations-latest.ts). */
    latestReceived(state, action: ForConversation<{ messages: ConversationMessage[] }>) {
      const { key, messages } = action.payload;
      if (key !== openConversationKey(state)) return;
      receiveLatest(state, messages);
    },
    /** My message deleted while the outbox held it: never stored, it goes without a trace. */
    heldMessageDropped(state, action: ForConversation<{ id: string }>) {
      const { key, id } = action.payload;
      if (key !== openConversationKey(state)) return;
      messagesAdapter.removeOne(state, id);
      removeFromPages(state.older, basePages(state), [id]);
      state.liveIds = state.liveIds.filter((live) => live !== id);
    },
    olderRequested(state) {
      if (state.status === 'ready' && !state.olderExhausted) state.loadingOlder = true;
    },
    olderReceived(state, action: ForConversation<{ messages: ConversationMessage[] }>) {
      const { key, messages } = action.payload;
      if (key !== openConversationKey(state)) return;
      upsertLoaded(state, messages);
      state.loadingOlder = false;
      if (messages.length < MESSAGE_PAGE_SIZE) state.olderExhausted = true;
    },
    /**
     * A jump to a quoted message loaded everything from it up to the oldest loaded, and a
     * page above it (`exhausted`: that page came back short, nothing older is left).
     */
    betweenReceived(
      state,
      action: ForConversation<{ messages: ConversationMessage[]; exhausted?: boolean }>,
    ) {
      const { key, messages, exhausted } = action.payload;
      if (key !== openConversationKey(state)) return;
      upsertLoaded(state, messages);
      if (exhausted) state.olderExhausted = true;
    },
    /** My reaction shown at once (a toggle), before the server has it; undone if refused. */
    reactionSet(
      state,
      action: ForConversation<{
        messageId: string;
        emoji: string;
        uid: string;
        on: boolean;
        at: number;
      }>,
    ) {
      const { key, messageId, emoji, uid, on, at } = action.payload;
      if (key !== openConversationKey(state)) return;
      const where = inTail(state, messageId) ? null : locate(basePages(state), messageId);
      const message = where ? state.older[where.page][where.at] : inTail(state, messageId);
      if (!message) return;
      const reactions = message.reactions ?? {};
      const others = Object.entries(reactions[emoji] ?? {}).filter(([who]) => who !== uid);
      const people = Object.fromEntries(on ? [...others, [uid, at]] : others);
      const next = Object.entries({ ...reactions, [emoji]: people }).filter(
        ([, byUid]) => Object.keys(byUid).length > 0,
      );
      message.reactions = next.length > 0 ? Object.fromEntries(next) : undefined;
    },
    olderFailed(state, action: PayloadAction<{ key: ConversationKey }>) {
      if (action.payload.key === openConversationKey(state)) state.loadingOlder = false;
    },
    /** 'Reply' or 'Edit' on a message: the composer quotes it or takes its text. */
    composeStarted(state, action: PayloadAction<ComposerMode>) {
      state.composing = action.payload;
    },
    composeEnded(state) {
      state.composing = null;
    },
    hiddenReceived(state, action: ForConversation<{ ids: string[] }>) {
      const { key, ids } = action.payload;
      if (key !== openConversationKey(state)) return;
      state.hiddenIds = ids;
      if (state.composing && ids.includes(state.composing.messageId)) state.composing = null;
    },
    conversationFailed(state, action: ForConversation<{ message: string }>) {
      if (action.payload.key !== openConversationKey(state)) return;
      state.status = 'error';
      state.error = action.payload.message;
      state.loadingOlder = false;
    },
  },
  extraReducers: (builder) => {
    // Whether the chat is on screen belongs to the screen, not to the user.
    resetPerSignedInUser(
      builder,
      (owner, { screenOpen }) => ({ ...initialState(owner), screenOpen }),
      ({ screenOpen }) => ({ ...initialState(), screenOpen }),
    );
  },
});

export const {
  chatScreenEntered,
  chatScreenLeft,
  friendSelected,
  selectionRestored,
  selectionConfirmed,
  selectionCleared,
  groupChatShown,
  conversationOpened,
  conversationClosed,
  composeStarted,
  composeEnded,
  hiddenReceived,
  latestReceived,
  olderRequested,
  olderReceived,
  olderFailed,
  conversationFailed,
  betweenReceived,
  reactionSet,
  heldMessageDropped,
} = conversationsSlice.actions;

export {
  messageSelectors,
  selectLoadedMessage,
  selectOlderPages,
  selectTailMessages,
} from './conversations-loaded-selectors';
export type { WithConversations } from './conversations-state';

declare module '../../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationsSlice> {}
}
