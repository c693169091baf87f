import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestEnvironment,
  type TokenOptions,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/app';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { userRecord as seedUserRecord } from '../../scripts/seed-records';
import { getBackend } from '../support/backend';

// Every refused write would otherwise print a "FIREBASE WARNING"; the assertions say it all.
setLogLevel('error');

/**
 * A rules test environment on the test backend's database emulator, with the project's real
 * database.rules.json, in its own namespace per area so files never see each other's data.
 */
async function startRulesEnv(area: string): Promise<RulesTestEnvironment> {
  const { dbHost, rulesPath } = getBackend();
  const [host = '127.0.0.1', port] = dbHost.split(':');
  return initializeTestEnvironment({
    projectId: `demo-rules-${area}`,
    database: { host, port: Number(port), rules: readFileSync(rulesPath, 'utf8') },
  });
}

/**
 * One rules environment for the calling test file: started before its tests, emptied before
 * each test and cleaned up after them all. Call at the top level of the file.
 */
export function rulesEnvForFile(area: string) {
  let started: RulesTestEnvironment | undefined;
  const env = () => {
    if (!started) throw new Error('The rules environment is used before it started');
    return started;
  };
  beforeAll(async () => {
    started = await startRulesEnv(area);
  });
  afterAll(() => env().cleanup());
  beforeEach(() => env().clearDatabase());

  /**
   * A database client signed in as `uid`, or signed out with null. Its token says the e-mail is
   * verified, as the app only keeps verified sessions, unless `token` says otherwise.
   */
  const dbAs = (uid: string | null, token?: TokenOptions) =>
    uid
      ? env()
          .authenticatedContext(uid, { email_verified: true, ...token })
          .database()
      : env().unauthenticatedContext().database();

  return {
    dbAs,
    /** Writes fixtures with the rules off (one root update). */
    seed: (values: Record<string, unknown>) =>
      env().withSecurityRulesDisabled(async (context) => {
        await context.database().ref().update(values);
      }),
    /** A root-level multi-path update as `uid`, checked by the rules. */
    write: (uid: string | null, changes: Record<string, unknown>) =>
      dbAs(uid).ref().update(changes),
  };
}

/** The public `users/{uid}` for `username` (the e-mail lives in `userPrivate/{uid}`). */
export function userRecord(username: string) {
  return seedUserRecord({ username });
}

/** The server-time placeholder, as the SDK sends serverTimestamp(). */
export const SERVER_TIME = { '.sv': 'timestamp' };
