import { createAppAsyncThunk } from '../../store/create-app-thunk';
import { parseConversationKey } from '../../lib/conversation-key';
import { compareMessages } from '../../lib/firebase/conversations-message';
import { describeWriteFailure } from '../../lib/write-failure';
import type { RootState } from '../../store/store';
import { selectChatKey } from './conversations-selectors';
import { betweenReceived, messageSelectors, selectLoadedMessage } from './conversations-slice';
import {
  jumpEnded,
  jumpStarted,
  quoteFailed,
  quoteReceived,
  quoteRequested,
} from './conversations-quotes-slice';
import { conversationsStrings } from './conversations-strings';

/** The open conversation's key, kind and id, or null. */
function openConversation(state: RootState) {
  const key = selectChatKey(state);
  return key ? { key, ...parseConversationKey(key) } : null;
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
    if (selectLoadedMessage(state, id)) {
      dispatch(jumpEnded({ key, id }));
      return;
    }
    dispatch(jumpStarted({ key, id }));
    const api = extra.conversations[kind];
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
      dispatch(betweenReceived({ key, messages: withOriginal }));
      dispatch(jumpEnded({ key, id }));
    } catch (error) {
      dispatch(jumpEnded({ key, id: null }));
      return rejectWithValue(describeWriteFailure(what, error));
    }
  },
);
