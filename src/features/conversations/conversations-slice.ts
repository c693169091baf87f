import type { WithSlice } from '@reduxjs/toolkit';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConversationKey, ConversationKind } from '../../lib/conversation-key';
import { compareMessages, type ChatMessage } from '../../lib/firebase/conversations-message';
import { resetPerSignedInUser } from '../../store/session';
import { sameMessage } from './same-message';
import {
  basePages,
  baseState,
  clearConversation,
  initialState,
  inTail,
  messagesAdapter,
  openConversationKey,
  upsertLoaded,
  type ComposerMode,
  type SelectedFriend,
} from './conversations-state';
import {
  findInPages,
  locate,
  MESSAGE_PAGE_SIZE,
  placeInPages,
  removeFromPages,
  replaceInPages,
} from './message-pages';

export { MESSAGE_PAGE_SIZE };

export type { ConversationKind };
export { openConversationKey };
export type { ComposerMode, SelectedFriend } from './conversations-state';

/** What a conversation's answers name: its key, so a friendship's never lands in a group's. */
type ForConversation<T> = PayloadAction<{ key: ConversationKey } & T>;

const sameIds = (ids: readonly string[], set: ReadonlySet<string>) =>
  ids.length === set.size && ids.every((id) => set.has(id));

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
      reducer(state, action: PayloadAction<{ relId: string; kind: ConversationKind }>) {
        clearConversation(state, action.payload.relId, action.payload.kind);
      },
      prepare: (relId: string, kind: ConversationKind = 'direct') => ({
        payload: { relId, kind },
      }),
    },
    conversationClosed(state) {
      clearConversation(state, null, 'direct');
    },
    /**
     * A message that left the live window by being older than all of it scrolled out and
     * stays; one missing from inside the window was a send the server refused, and goes.
     */
    latestReceived(state, action: ForConversation<{ messages: ChatMessage[] }>) {
      const { key, messages } = action.payload;
      if (key !== openConversationKey(state)) return;
      // Every lookup reads the state before this answer (plain frozen objects): reading
      // through the draft would wrap each message looked at in a proxy.
      const before = baseState(state);
      const base = before.older;
      const kept = (id: string) => inTail(before, id) ?? findInPages(base, id);
      const oldest = messages.at(0);
      const incoming = new Set(messages.map((m) => m.id));
      const refused = before.liveIds.filter((id) => {
        if (incoming.has(id)) return false;
        const message = kept(id);
        return !oldest || !message || compareMessages(message, oldest) >= 0;
      });
      // A window that grew back over a message in the pages (a newer one refused) updates it
      // there; the rest go to the tail. Unchanged ones skip the sorted adapter.
      const changed = messages.filter((m) => !sameMessage(kept(m.id), m));
      const toTail = changed.filter((m) => inTail(before, m.id));
      toTail.push(
        ...replaceInPages(
          state.older,
          base,
          changed.filter((m) => !inTail(before, m.id)),
        ),
      );
      messagesAdapter.removeMany(state, refused);
      removeFromPages(
        state.older,
        base,
        refused.filter((id) => !inTail(before, id)),
      );
      // What scrolled out of the window (older than all of it) moves to the newest page. A
      // message still in the window is not "out", even when the server's time moved it (a
      // send's local estimate replaced by the server timestamp): it is updated in place.
      const out = oldest
        ? before.ids
            .map((id) => before.entities[id])
            .filter((m) => !incoming.has(m.id) && compareMessages(m, oldest) < 0)
        : [];
      if (out.length > 0) {
        messagesAdapter.removeMany(
          state,
          out.map((m) => m.id),
        );
        placeInPages(state.older, out);
      }
      messagesAdapter.upsertMany(state, toTail);
      if (!sameIds(before.liveIds, incoming)) state.liveIds = [...incoming];
      if (before.status !== 'ready') state.status = 'ready';
      if (before.error !== null) state.error = null;
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
    olderReceived(state, action: ForConversation<{ messages: ChatMessage[] }>) {
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
      action: ForConversation<{ messages: ChatMessage[]; exhausted?: boolean }>,
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
export type { WithChat } from './conversations-state';

declare module '../../store/root-state' {
  interface RootState extends WithSlice<typeof conversationsSlice> {}
}
