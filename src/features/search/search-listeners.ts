import { whileSignedIn } from '../../store/session';
import type { AppStartListening } from '../../store/store';
import {
  betweenReceived,
  hiddenReceived,
  jumpToMessage,
  latestReceived,
  olderReceived,
  selectConversationKey,
  selectConversationReady,
  selectFriend,
} from '../conversations';
import { selectFriendRows, selectMyUid } from '../friends';
import { selectInboxEntry } from '../inbox';
import { parseConversationKey } from '../../lib/conversation-key';
import { docId } from './worker';
import { indexMessages } from './search-feed';
import {
  endSearchSession,
  startedSearchApiOf,
  startSearchSession,
  wantSearchSession,
} from './search-session';
import { selectReadableConversations } from './search-selectors';
import {
  searchIndexChanged,
  searchIndexFailed,
  searchIndexOpened,
  searchPanelOpened,
} from './search-slice';
import { searchResultChosen } from './search-actions';

/** How long a chosen result waits for its conversation to open before giving up. */
const OPEN_TIMEOUT_MS = 15_000;

/**
 * The device's message index while signed in: opened (from its encrypted saved copy) when
 * search is first opened or the page is idle after sign-in (search-session.ts), deleted at
 * sign-out; fed every message the chat receives; rid of conversations
 * I can no longer read; and filled with history in the background.
 */
export function addSearchListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, { dispatch }) => {
    startSearchSession(uid).then(
      (opened) => opened && dispatch(searchIndexOpened(opened)),
      () => dispatch(searchIndexFailed()),
    );
    return () => void endSearchSession(uid).catch(() => undefined);
  });

  start({
    actionCreator: searchPanelOpened,
    effect: (_action, api) => wantSearchSession(selectMyUid(api.getState())),
  });

  // The chat's messages, live and paged, as it receives them (plaintext, see search-feed.ts),
  // once the backend has started: opening a chat does not start it (its worker and
  // its history reads would compete with the conversation's first screen), it waits for search
  // or an idle moment (search-session.ts) and these are indexed then.
  for (const received of [latestReceived, olderReceived, betweenReceived])
    start({
      actionCreator: received,
      effect: async ({ payload }, api) => {
        const search = await startedSearchApiOf(selectMyUid(api.getState()));
        if (!search) return;
        const size = await indexMessages(search, payload.key, payload.messages);
        api.dispatch(searchIndexChanged({ size }));
      },
    });

  // Deleted for me: gone from my index too.
  start({
    actionCreator: hiddenReceived,
    effect: async ({ payload }, api) => {
      if (payload.ids.length === 0) return;
      const search = await startedSearchApiOf(selectMyUid(api.getState()));
      if (!search) return;
      const size = await search.remove(payload.ids.map((id) => docId(payload.key, id)));
      api.dispatch(searchIndexChanged({ size }));
    },
  });

  // A conversation not open: its inbox entry tells when its last message is edited or deleted
  // for everyone (the entry's preview changes); that message is read again at once. An older
  // message edited or deleted there is read by history indexing (search-history.ts, by the
  // index on `editedAt` and `deletedAt`) on the conversation's next message, or at the next
  // start (sign-in, reload), or when the conversation is opened (its pages come through above).
  start({
    predicate: (_action, state, previous) =>
      selectReadableConversations(state).some(
        (conv) => selectInboxEntry(state, conv) !== selectInboxEntry(previous, conv),
      ),
    effect: async (_action, api) => {
      const before = api.getOriginalState();
      const now = api.getState();
      const search = await startedSearchApiOf(selectMyUid(now));
      if (!search) return;
      for (const conv of selectReadableConversations(now)) {
        const was = selectInboxEntry(before, conv);
        const is = selectInboxEntry(now, conv);
        if (!was || !is || was.lastMessageId !== is.lastMessageId) continue;
        if (was.lastText === is.lastText && was.lastKind === is.lastKind) continue;
        // The open chat's live page brings the change itself.
        if (selectConversationKey(now) === conv) continue;
        const { kind, id } = parseConversationKey(conv);
        const message = await api.extra.conversations[kind]
          .fetchOne(id, is.lastMessageId)
          .catch(() => undefined);
        if (message === undefined) continue;
        const size = message
          ? await indexMessages(search, conv, [message])
          : await search.remove([docId(conv, is.lastMessageId)]);
        api.dispatch(searchIndexChanged({ size }));
      }
    },
  });

  // A group I left, a friend I blocked or unfriended: the rules stop my reads, the index forgets.
  start({
    predicate: (_action, state, previous) =>
      selectReadableConversations(state) !== selectReadableConversations(previous),
    effect: async (_action, api) => {
      const now = new Set(selectReadableConversations(api.getState()));
      const before = selectReadableConversations(api.getOriginalState());
      const gone = before.filter((c) => !now.has(c));
      const search = await startedSearchApiOf(selectMyUid(api.getState()));
      if (!search || gone.length === 0) return;
      api.dispatch(searchIndexChanged({ size: await search.drop(gone) }));
    },
  });

  start({
    actionCreator: searchIndexOpened,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const search = await startedSearchApiOf(selectMyUid(api.getState()));
      // The history reader loads once the index has opened (search-session.ts).
      if (search) await (await import('./search-history')).indexHistory(api, search, payload.marks);
    },
  });

  // A chosen result: open its conversation, then the chat's own jump shows it highlighted.
  start({
    actionCreator: searchResultChosen,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const { conv, messageId } = payload;
      if (conv.startsWith('d:')) {
        const row = selectFriendRows(api.getState()).find((r) => `d:${r.friendship.id}` === conv);
        if (row) api.dispatch(selectFriend(row));
      }
      const open = (state: Parameters<typeof selectConversationKey>[0]) =>
        selectConversationKey(state) === conv && selectConversationReady(state);
      if (
        !open(api.getState()) &&
        !(await api.condition((_a, state) => open(state), OPEN_TIMEOUT_MS))
      )
        return;
      await api.dispatch(jumpToMessage(messageId));
    },
  });
}
