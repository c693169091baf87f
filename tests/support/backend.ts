import { deleteApp, type FirebaseApp } from 'firebase/app';
import { signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth';
import { goOffline, type Database } from 'firebase/database';
import { inject } from 'vitest';
import {
  createAuthUser,
  dbRest,
  deleteAllAuthUsers,
  getOobCodes as fetchOobCodes,
  type CreatedUser,
  type OobCode,
} from '../../scripts/stack/admin';
import { connectEmulatorApp } from '../../scripts/stack/emulator-client';
import { resetInstances } from '../../scripts/stack/instances';
import { profileEntries } from '../../scripts/seed-records';
import type { BackendInfo } from './backend-info';
import type { RestUrl } from '../../src/lib/firebase/database-rest';

export function getBackend(): BackendInfo {
  return inject('backend');
}

/**
 * Wipes every account and every instance's data, so each test starts from nothing but the
 * instances' configuration (written again: `config/self`, `config/instances`).
 */
export async function resetBackend(): Promise<void> {
  const backend = getBackend();
  await Promise.all([deleteAllAuthUsers(backend), resetInstances(backend, backend.instances)]);
}

export function createTestUser(user: {
  email: string;
  password: string;
  displayName?: string;
  verified?: boolean;
}): Promise<CreatedUser> {
  return createAuthUser(getBackend(), user);
}

/**
 * A verified account at `{username in lower case}@example.com`, with the `users` and
 * `userPrivate` records that registration writes.
 */
export async function createVerifiedPerson(username: string, password: string) {
  const email = `${username.toLowerCase()}@example.com`;
  const { uid } = await createTestUser({ email, password, displayName: username, verified: true });
  await adminUpdate(profileEntries({ uid, username, email }));
  return { uid, username, email };
}

export function adminGet(path: string): Promise<unknown> {
  return dbRest(getBackend(), 'GET', path);
}

export async function adminSet(path: string, value: unknown): Promise<void> {
  await dbRest(getBackend(), 'PUT', path, value);
}

/** A root-level multi-path update with admin rights (REST PATCH). */
export async function adminUpdate(values: Record<string, unknown>): Promise<void> {
  await dbRest(getBackend(), 'PATCH', '/', values);
}

/**
 * Our emulator's test control: the next committed write under `path` is never acknowledged and
 * its connection drops (emulator/README.md, "Test controls"). Resolves with how many are armed.
 */
export async function dropNextAck(path: string): Promise<number> {
  const { armed } = (await dbRest(getBackend(), 'POST', '.test/drop-ack', { path })) as {
    armed: number;
  };
  return armed;
}

/** How many armed drops (dropNextAck) no write has used yet. */
export async function armedAckDrops(): Promise<number> {
  return ((await dbRest(getBackend(), 'GET', '.test/drop-ack')) as { armed: number }).armed;
}

export function getOobCodes(): Promise<OobCode[]> {
  return fetchOobCodes(getBackend());
}

export interface TestClient {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
  /** The REST address of the directory, or of an instance this client opened. */
  restUrlOf: (instance?: Database) => RestUrl;
  uid: string;
  close(): Promise<void>;
}

let clientCount = 0;

/** A separate Firebase app on the test backend, as a second browser would be. */
export function connectClient(): ReturnType<typeof connectEmulatorApp> {
  return connectEmulatorApp(getBackend(), `test-client-${String(++clientCount)}`);
}

export async function signInClient(email: string, password: string): Promise<TestClient> {
  const { app, auth, db, restUrlOf } = connectClient();
  const credential = await signInWithEmailAndPassword(auth, email, password);
  return {
    app,
    auth,
    db,
    restUrlOf,
    uid: credential.user.uid,
    async close() {
      goOffline(db);
      await signOut(auth).catch(() => undefined);
      await deleteApp(app);
    },
  };
}
