import type { ConversationKey } from '../../../lib/conversation-key';

/**
 * Until the server keeps read markers: the newest message time (server ms) each of my
 * conversations showed when I last had it open, in local storage, per signed-in user.
 */
const KEY = 'chatReadUpTo';

type Markers = Record<string, number>;

function readAll(): Markers {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Markers) : {};
  } catch {
    return {};
  }
}

/** Per user and conversation key (`d:`/`g:`), so a friendship and a group never share one. */
const slot = (me: string, key: ConversationKey) => `${me}/${key}`;

/** When I last read conversation `key` up to, or null if this browser never showed it to me. */
export function readMarker(me: string, key: ConversationKey): number | null {
  const at = readAll()[slot(me, key)];
  return typeof at === 'number' ? at : null;
}

/** Moves the marker forward to `at` (never back: an older tab must not undo a newer one). */
export function storeReadMarker(me: string, key: ConversationKey, at: number): void {
  const all = readAll();
  const name = slot(me, key);
  if ((all[name] ?? -Infinity) >= at) return;
  all[name] = at;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the divider just will not show next time.
  }
}
