import {
  compareMessages,
  type ConversationMessage,
} from '../../../lib/firebase/conversations/shapes';
import { sameMessage } from './same-message';
import { baseState, inTail, messagesAdapter, type ConversationsState } from './conversations-state';
import { findInPages, placeInPages, removeFromPages, replaceInPages } from './message-pages';

const sameIds = (ids: readonly string[], set: ReadonlySet<string>) =>
  ids.length === set.size && ids.every((id) => set.has(id));

/**
 * `latestReceived`'s step: an answer of the live window applied to the open conversation (a
 * draft). A message that left the window by being older than all of it scrolled out and stays;
 * one missing from inside the window was a send the server refused, and goes.
 */
export function receiveLatest(
  state: ConversationsState,
  messages: readonly ConversationMessage[],
): void {
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
  const inWindow = changed.filter((m) => inTail(before, m.id));
  const elsewhere = changed.filter((m) => !inTail(before, m.id));
  const toTail = [...inWindow, ...replaceInPages(state.older, base, elsewhere)];
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
  // Set, not upsert: an upsert merges, so a field the server dropped (a reaction taken back,
  // the words of a message deleted for everyone) would stay on screen.
  messagesAdapter.setMany(state, toTail);
  // Immer keeps the state as it was when a field is given its own value: an answer that
  // changes nothing returns the same state, and nothing re-renders.
  if (!sameIds(before.liveIds, incoming)) state.liveIds = [...incoming];
  state.status = 'ready';
  state.error = null;
}
