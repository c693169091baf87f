/**
 * A device's `label` and `lastSeenAt` move from `deviceKeys/{uid}/{deviceId}` (read by friends
 * and co-members for the public key) to `deviceSeen/{uid}/{deviceId}`, which only the owner
 * reads: `lastSeenAt` said when someone last opened the app even with `showPresence` off. Both
 * land in one update per person, so nothing is lost half-way. An entry the new app already wrote
 * in `deviceSeen` wins over the old copy, which is only removed. The rules want a label of 1 to
 * 60 characters: an old one outside that becomes 'Browser' (what the app names an unknown
 * browser), and a missing or non-number time becomes 0. Idempotent: a directory entry without
 * either field is left alone, so a second run changes nothing.
 */
import type { MigrationDb } from './database';

export const version = 3;
export const name = 'device-seen';

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  typeof value === 'object' && value !== null ? (value as Node) : {};

const MOVED = ['label', 'lastSeenAt'] as const;

const labelOf = (value: unknown) =>
  typeof value === 'string' && value.length >= 1 && value.length <= 60 ? value : 'Browser';

/** The changes for one person: `devices` is `deviceKeys/{uid}`, `seen` is `deviceSeen/{uid}`. */
export function planDeviceSeen(uid: string, devices: unknown, seen: unknown): Node {
  const changes: Node = {};
  const already = asNode(seen);
  for (const [deviceId, entry] of Object.entries(asNode(devices))) {
    const fields = asNode(entry);
    if (!MOVED.some((field) => field in fields)) continue;
    for (const field of MOVED) {
      if (field in fields) changes[`deviceKeys/${uid}/${deviceId}/${field}`] = null;
    }
    if (deviceId in already) continue;
    changes[`deviceSeen/${uid}/${deviceId}`] = {
      label: labelOf(fields.label),
      lastSeenAt: typeof fields.lastSeenAt === 'number' ? fields.lastSeenAt : 0,
    };
  }
  return changes;
}

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  let changed = 0;
  let people = 0;
  // One person at a time: the directory of every account at once could be large.
  for (const uid of Object.keys(asNode(await db.get('deviceKeys', { shallow: true })))) {
    const [devices, seen] = await Promise.all([
      db.get(`deviceKeys/${uid}`),
      db.get(`deviceSeen/${uid}`),
    ]);
    const changes = planDeviceSeen(uid, devices, seen);
    const count = Object.keys(changes).length;
    if (count === 0) continue;
    await db.update(changes);
    changed += count;
    people += 1;
  }
  log(
    changed > 0
      ? `  label and lastSeenAt moved to deviceSeen for ${String(people)} person(s)`
      : '  no device with label or lastSeenAt in deviceKeys',
  );
  return changed;
}
