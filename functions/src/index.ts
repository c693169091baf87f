/**
 * The mirror function and the hint relay, deployed with `firebase deploy --only functions`: one
 * mirror trigger per mirrored path of the directory (the default instance), each writing the
 * copies that the conversation instances' rules read (mirror.ts decides which, and where); one
 * relay trigger on every instance's new group messages (relay.ts). Instances are reached
 * by their URLs in `config/instances/urls` of the directory.
 *
 * Locally our emulator fires no function triggers: `npm start` and the tests run the same
 * mirror.ts as an admin listener beside it (scripts/stack/mirror.ts). Against the official
 * emulator suite the Functions emulator would run this file instead.
 */
import { initializeApp } from 'firebase-admin/app';
import { getDatabase, getDatabaseWithUrl, type Database } from 'firebase-admin/database';
import { onValueCreated, onValueWritten } from 'firebase-functions/v2/database';
import {
  MIRRORED_PATHS,
  mayMirrorOver,
  mirrorWrites,
  placementIn,
  type DirectoryReads,
  type MirrorWrite,
} from './mirror.js';
import { RELAYED_PATH, relayWrites } from './relay.js';

initializeApp();

/** The directory's instance name, as `firebase.json` lists it (the project's default). */
const DIRECTORY_INSTANCE =
  process.env.DIRECTORY_INSTANCE ?? `${process.env.GCLOUD_PROJECT ?? ''}-default-rtdb`;

const directory = (): Database => getDatabase();

const reads: DirectoryReads = {
  get: async (path) => (await directory().ref(path).get()).val() as unknown,
  where: async (path, child, value) => {
    const found = await directory().ref(path).orderByChild(child).equalTo(value).get();
    return (found.val() ?? {}) as Record<string, unknown>;
  },
};

const instances = new Map<number, Database>();

async function instanceDatabase(instance: number): Promise<Database> {
  // Instance 0 is the directory itself (a home there gets its hints there).
  if (instance === 0) return directory();
  const known = instances.get(instance);
  if (known) return known;
  const url: unknown = (
    await directory()
      .ref(`config/instances/urls/${String(instance)}`)
      .get()
  ).val();
  if (typeof url !== 'string')
    throw new Error(`config/instances/urls/${String(instance)} is not set`);
  const database = getDatabaseWithUrl(url);
  instances.set(instance, database);
  return database;
}

/**
 * One instance's share; a conversation's placement last, by a transaction that sets it only over
 * nothing or a copy live there (`mayMirrorOver`): a trigger delayed across a move never sets the
 * source's copy back to `live` (docs/scaling.md, "Rebalancing"). False when a move's write came
 * between the directory's read and this one: the directory is to be read again.
 */
async function writeShare({ instance, changes }: MirrorWrite): Promise<boolean> {
  const db = await instanceDatabase(instance);
  const path = placementIn(changes);
  if (path === null) {
    await db.ref().update(changes);
    return true;
  }
  if (!mayMirrorOver((await db.ref(path).get()).val(), instance)) return true;
  const { [path]: placement, ...rest } = changes;
  if (Object.keys(rest).length > 0) await db.ref().update(rest);
  const { committed } = await db
    .ref(path)
    .transaction((current: unknown) => (mayMirrorOver(current, instance) ? placement : undefined));
  return committed;
}

/**
 * Mirrors the write of `path` (which replaced `before`): one root update per instance
 * concerned, read again on a race.
 */
async function mirror(path: string, before: unknown): Promise<void> {
  for (let race = 0; race < 5; race++) {
    const shares = await mirrorWrites(path, reads, before);
    const written = await Promise.all(shares.map(writeShare));
    if (written.every(Boolean)) return;
  }
  throw new Error(`the placement of ${path} kept changing while mirrored`);
}

/** `{id}` in the trigger's path, filled from the event's params. */
const concrete = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');

export const mirrors = Object.fromEntries(
  MIRRORED_PATHS.map((ref) => [
    `mirror_${ref
      .replace(/\{\w+\}/g, '')
      .replace(/\W+/g, '_')
      .replace(/_+$/, '')}`,
    onValueWritten({ instance: DIRECTORY_INSTANCE, ref }, (event) =>
      mirror(concrete(ref, event.params), event.data.before.val()),
    ),
  ]),
);

/**
 * The hint relay (relay.ts): a new group message on any instance (the directory's groups
 * included) writes hints on the homes of the members who do not live there.
 */
export const relayGroupHints = onValueCreated(
  { instance: '*', ref: RELAYED_PATH },
  async (event) => {
    const groupId = event.params.groupId ?? '';
    for (const { instance, changes } of await relayWrites(groupId, event.data.val(), reads)) {
      await (await instanceDatabase(instance)).ref().update(changes);
    }
  },
);
