import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import { parseConversationKey } from '../../../lib/conversation-key';
import { compareMessages } from '../../../lib/firebase/conversations/shapes';
import { describeWriteFailure } from '../../../lib/write-failure';
import type { RootState } from '../../../store/store';
import { selectConversationKey } from '../timeline';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import {
  betweenReceived,
  MESSAGE_PAGE_SIZE,
  messageSelectors,
  selectLoadedMessage,
} from '../timeline';
import { locate } from '../timeline';
import {
  jumpEnded,
  jumpStarted,
  quoteFailed,
  quoteReceived,
  quoteRequested,
} from './conversations-quotes-slice';
import { conversationsStrings } from '../conversations-strings';

/** The open conversation's key, kind and id, or null. */
function openConversation(state: RootState) {
  const key = selectConversationKey(state);
  return key ? { key, ...parseConversationKey(key) } : null;
}

/** Whether `id` is among the oldest page of loaded messages (a jump there needs one above). */
function inOldestPage(state: RootState, id: string): boolean {
  const { older, ids } = state.conversations;
  if (older.length > 0) return locate(older, id)?.page === 0;
  return ids.indexOf(id) < MESSAGE_PAGE_SIZE;
}

/** A quoted message that is not loaded, read once by id (its bubble shows it meanwhile). */
export const loadQuote = createAppAsyncThunk(
  'conversations/loadQuote',
  async (id: string, { getState, dispatch, extra }) => {
    const open = openConversation(getState());
    if (!open) return;
    const { key, kind, id: conversationId } = open;
    dispatch(quoteRequested({ key, id }));
    try {
      const message = await extra.conversations[kind].fetchOne(conversationId, id);
      dispatch(quoteReceived({ key, id, message }));
    } catch {
      dispatch(quoteFailed({ key, id }));
    }
  },
  {
    condition: (id, { getState }) => {
      const state = getState();
      return (
        selectLoadedMessage(state, id) === undefined &&
        state.conversationQuotes.fetched[id] === undefined
      );
    },
  },
);

/**
 * Shows the quoted message `id` and highlights it. One older than everything loaded comes
 * with every message between it and the oldest loaded (one query), so the list stays whole
 * and scrolling down from it shows what followed.
 */
export const jumpToMessage = createAppAsyncThunk(
  'conversations/jumpToMessage',
  async (id: string, { getState, dispatch, extra, rejectWithValue }) => {
    const { jump: what, gone } = conversationsStrings.quotes.errors;
    const state = getState();
    const open = openConversation(state);
    if (!open) return rejectWithValue(`${what}: ${gone}`);
    const { key, kind, id: conversationId } = open;
    const api = extra.conversations[kind];
    /**
     * A page older than `from` too, unless none is left: the original then has messages above
     * it, so the list does not reach its top and load a page that moves it once shown.
     */
    const withPageAbove = async (from: ConversationMessage, messages: ConversationMessage[]) => {
      if (getState().conversations.olderExhausted) return { messages, exhausted: true };
      const page = { id: conversationId, before: from, pageSize: MESSAGE_PAGE_SIZE };
      const above = await api.fetchOlder(page);
      return { messages: [...above, ...messages], exhausted: above.length < MESSAGE_PAGE_SIZE };
    };
    const loaded = selectLoadedMessage(state, id);
    if (loaded) {
      const oldest = messageSelectors.selectOldest(state);
      if (oldest && inOldestPage(state, id)) {
        dispatch(jumpStarted({ key, id }));
        try {
          dispatch(betweenReceived({ key, ...(await withPageAbove(oldest, [])) }));
        } catch {
          // The original is shown all the same; scrolling up loads the page later.
        }
      }
      dispatch(jumpEnded({ key, id }));
      return;
    }
    dispatch(jumpStarted({ key, id }));
    try {
      const cached = state.conversationQuotes.fetched[id];
      const original =
        typeof cached === 'object' && cached !== null
          ? cached
          : await api.fetchOne(conversationId, id);
      if (!original) {
        dispatch(jumpEnded({ key, id: null }));
        return rejectWithValue(`${what}: ${gone}`);
      }
      const oldest = messageSelectors.selectOldest(getState());
      const between =
        oldest && compareMessages(original, oldest) < 0
          ? await api.fetchBetween(conversationId, original, oldest)
          : [];
      // The query starts at the original; its answer is the newer copy of it.
      const withOriginal = between.some((m) => m.id === id)
        ? between
        : [{ ...original }, ...between];
      const first = withOriginal[0];
      dispatch(betweenReceived({ key, ...(await withPageAbove(first, withOriginal)) }));
      dispatch(jumpEnded({ key, id }));
    } catch (error) {
      dispatch(jumpEnded({ key, id: null }));
      return rejectWithValue(describeWriteFailure(what, error));
    }
  },
);
