import { createEntityAdapter, isDraft, original } from '@reduxjs/toolkit';
import {
  conversationKey,
  type ConversationKey,
  type ConversationKind,
} from '../../../lib/conversation-key';
import {
  compareMessages,
  type ConversationMessage,
} from '../../../lib/firebase/conversations/shapes';
import type { LoadStatus } from '../../../lib/load-status';
import { placeInPages, replaceInPages, type MessagePages } from './message-pages';

/**
 * The chat slice's state (conversations-slice.ts): its shape, and the steps its reducers share
 * for the live tail (the entity adapter's) and the older pages (message-pages.ts).
 */

/** The selected friend, as the spec keeps it in local storage under 'friendLists'. */
export interface SelectedFriend {
  uid: string;
  name: string;
  photo: string;
}

/** What the composer is doing besides a plain send: quoting a message, or editing one of mine. */
export interface ComposerMode {
  kind: 'reply' | 'edit';
  messageId: string;
}

export const messagesAdapter = createEntityAdapter<ConversationMessage>({
  sortComparer: compareMessages,
});

/** Who and what the chat shows, kept while conversations open and close. */
interface SelectionFields {
  owner: string | null;
  /** The messages screen is shown: only then is the conversation live. */
  screenOpen: boolean;
  selected: SelectedFriend | null;
  /** The group whose conversation the chat shows instead of the selected friend's. */
  selectedGroup: string | null;
  /** The selection came from local storage and is not confirmed as a friend yet. */
  restored: boolean;
}

/** What belongs to the open conversation: started afresh each time one opens or closes. */
interface ConversationFields {
  /**
   * The open conversation: the friendship's id while the selected person is a friend, or the
   * selected group's id while I run it or belong to it (`kind` says which).
   */
  conversationId: string | null;
  kind: ConversationKind;
  status: LoadStatus;
  error: string | null;
  /** Ids in the latest answer of the live window of the newest messages. */
  liveIds: string[];
  /**
   * Every loaded message older than the live window, in pages (message-pages.ts); the entity
   * adapter's `ids`/`entities` hold only the live window and newer, so a new message sorts
   * and copies about one page, however many are loaded.
   */
  older: ConversationMessage[][];
  olderExhausted: boolean;
  loadingOlder: boolean;
  /** The composer's reply or edit, for the open conversation only. */
  composing: ComposerMode | null;
  /** Messages I deleted for me (every device of mine leaves them out). */
  hiddenIds: string[];
}

/** A conversation just opened (loading), or none (`conversationId` null): the one list of its fields. */
function conversationFields(
  conversationId: string | null,
  kind: ConversationKind,
): ConversationFields {
  return {
    conversationId,
    kind,
    status: conversationId ? 'loading' : 'idle',
    error: null,
    liveIds: [],
    older: [],
    olderExhausted: false,
    loadingOlder: false,
    composing: null,
    hiddenIds: [],
  };
}

export function initialState(owner: string | null = null) {
  const fields: SelectionFields & ConversationFields = {
    owner,
    screenOpen: false,
    selected: null,
    selectedGroup: null,
    restored: false,
    ...conversationFields(null, 'direct'),
  };
  return messagesAdapter.getInitialState(fields);
}

export type ConversationsState = ReturnType<typeof initialState>;

/** A state holding the chat slice (under its reducer path). */
export interface WithConversations {
  conversations: ConversationsState;
}

export function clearConversation(
  state: ConversationsState,
  conversationId: string | null,
  kind: ConversationKind,
) {
  messagesAdapter.removeAll(state);
  Object.assign(state, conversationFields(conversationId, kind));
}

/** The open conversation's key, or null. */
export const openConversationKey = (state: {
  conversationId: string | null;
  kind: ConversationKind;
}): ConversationKey | null =>
  state.conversationId ? conversationKey(state.kind, state.conversationId) : null;

/** The state as it was before this action: frozen, read without wrapping it in proxies. */
export const baseState = (state: ConversationsState): ConversationsState =>
  isDraft(state) ? original<ConversationsState>(state) : state;

/** The pages as they were before this action (frozen: their lookup index is cached). */
export const basePages = (state: ConversationsState): MessagePages => baseState(state).older;

/** A message of the live tail (the adapter's), or undefined. */
export const inTail = (state: ConversationsState, id: string): ConversationMessage | undefined =>
  id in state.entities ? state.entities[id] : undefined;

/**
 * Loaded messages replaced where they are, the others placed: in the live tail from its
 * oldest on, in the older pages below it.
 */
export function upsertLoaded(state: ConversationsState, messages: readonly ConversationMessage[]) {
  const base = basePages(state);
  const loaded = messages.filter((m) => inTail(state, m.id));
  const rest = replaceInPages(
    state.older,
    base,
    messages.filter((m) => !inTail(state, m.id)),
  );
  const tailOldest = state.ids.length > 0 ? inTail(state, state.ids[0]) : undefined;
  const toTail = rest.filter((m) => tailOldest && compareMessages(m, tailOldest) >= 0);
  // Replaced whole, as in the pages: a field the server dropped goes (conversations-latest.ts).
  messagesAdapter.setMany(state, [...loaded, ...toTail]);
  placeInPages(
    state.older,
    rest.filter((m) => !toTail.includes(m)),
  );
}
