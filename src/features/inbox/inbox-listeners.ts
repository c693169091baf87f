import type { AppStartListening } from '../../store/store';
import { whileSignedIn } from '../../store/session';
import { openAgainOnNewKeys } from '../encryption';
import { selectMyUid } from '../friends';
import {
  openedUnreadCaptured,
  selectConversationKey,
  selectLoadedOnScreen,
  selectReceiptsOn,
} from '../conversations';
import { selectUnreadOf } from './inbox-selectors';
import { connectionChanged, inboxFailed, inboxReceived } from './inbox-slice';

/** How long `.info/connected` may stay unanswered at start before the app says it is offline. */
const CONNECT_GRACE_MS = 3000;

/**
 * A conversation opens: it learns my unread count there (where its 'New messages' divider
 * goes). Runs before its messages load, so before opening it resets the count.
 */
function addOpenedUnreadListener(start: AppStartListening) {
  start({
    predicate: (_action, current, previous) =>
      selectConversationKey(current) !== selectConversationKey(previous),
    effect: (_action, api) => {
      const state = api.getState();
      const key = selectConversationKey(state);
      const known = state.inbox.status === 'ready' && key;
      api.dispatch(openedUnreadCaptured(known ? { key, count: selectUnreadOf(state, key) } : null));
    },
  });
}

/**
 * Opening a conversation clears my unread count, and so does every new message while it is
 * open, its panel shown and the tab visible. A reset the server refuses (a message arrived
 * meanwhile) is retried by the inbox update that follows, with its newer message id.
 */
function addMarkReadListener(start: AppStartListening) {
  let asked = '';
  start({
    predicate: (_action, current) => {
      const key = selectConversationKey(current);
      return key !== null && selectLoadedOnScreen(current) && selectUnreadOf(current, key) > 0;
    },
    effect: async (_action, api) => {
      const state = api.getState();
      const key = selectConversationKey(state);
      const entry = key ? state.inbox.entries[key] : undefined;
      if (!key || !entry) return;
      const ask = `${key}/${entry.lastMessageId}`;
      if (asked === ask) return;
      asked = ask;
      const me = selectMyUid(state);
      try {
        await api.extra.inbox.markRead(me, key, entry.lastMessageId, selectReceiptsOn(state));
      } catch {
        if (asked === ask) asked = '';
      }
    },
  });
}

/** From sign-in to sign-out: my inbox and the connection, live. */
export function addInboxListeners(start: AppStartListening): void {
  whileSignedIn(start, (uid, api) => {
    const { dispatch } = api;
    const { inbox } = api.extra;
    const connection = () => api.getState().inbox.connection;
    const grace = setTimeout(() => {
      if (connection() === 'unknown') dispatch(connectionChanged('offline'));
    }, CONNECT_GRACE_MS);
    // Node 21+ has a `navigator` without `onLine`, which must not read as offline.
    if (typeof navigator !== 'undefined' && 'onLine' in navigator && !navigator.onLine)
      dispatch(connectionChanged('offline'));
    const stops = [
      // A preview shown 'Encrypted on another device' opens once this device gets older keys.
      openAgainOnNewKeys(start, () =>
        inbox.subscribeInbox(
          uid,
          (entries) => dispatch(inboxReceived(entries)),
          () => dispatch(inboxFailed()),
        ),
      ),
      inbox.subscribeConnected((connected) => {
        // The SDK says "not connected" first at every start: only a lost connection counts.
        if (connected) dispatch(connectionChanged('online'));
        else if (connection() === 'online') dispatch(connectionChanged('offline'));
      }),
    ];
    return () => {
      clearTimeout(grace);
      for (const stop of stops) stop();
    };
  });
  addOpenedUnreadListener(start);
  addMarkReadListener(start);
}
