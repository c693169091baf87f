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
import { MIRRORED_PATHS, mirrorWrites, type DirectoryReads } from './mirror.js';
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

/** Mirrors the write of `path`: one root update per instance concerned. */
async function mirror(path: string): Promise<void> {
  for (const { instance, changes } of await mirrorWrites(path, reads)) {
    await (await instanceDatabase(instance)).ref().update(changes);
  }
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
      mirror(concrete(ref, event.params)),
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
