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

const slot = (me: string, relId: string) => `${me}/${relId}`;

/** When I last read `relId` up to, or null if this browser never showed it to me. */
export function readMarker(me: string, relId: string): number | null {
  const at = readAll()[slot(me, relId)];
  return typeof at === 'number' ? at : null;
}

/** Moves the marker forward to `at` (never back: an older tab must not undo a newer one). */
export function storeReadMarker(me: string, relId: string, at: number): void {
  const all = readAll();
  const key = slot(me, relId);
  if ((all[key] ?? -Infinity) >= at) return;
  all[key] = at;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the divider just will not show next time.
  }
}
