import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/app';
import { getBackend } from '../support/backend';

// Every refused write would otherwise print a "FIREBASE WARNING"; the assertions say it all.
setLogLevel('error');

/**
 * A rules test environment on the test backend's database emulator, with the project's real
 * database.rules.json, in its own namespace per area so files never see each other's data.
 */
export async function startRulesEnv(area: string): Promise<RulesTestEnvironment> {
  const { dbHost, rulesPath } = getBackend();
  const [host = '127.0.0.1', port] = dbHost.split(':');
  return initializeTestEnvironment({
    projectId: `demo-rules-${area}`,
    database: { host, port: Number(port), rules: readFileSync(rulesPath, 'utf8') },
  });
}

/** Writes fixtures with the rules off (one root update). */
export async function seed(env: RulesTestEnvironment, values: Record<string, unknown>) {
  await env.withSecurityRulesDisabled(async (context) => {
    await context.database().ref().update(values);
  });
}

/** A database client signed in as `uid` (or signed out with null). */
export function dbAs(env: RulesTestEnvironment, uid: string | null) {
  return uid ? env.authenticatedContext(uid).database() : env.unauthenticatedContext().database();
}

export function userRecord(username: string) {
  return {
    username,
    email: `${username.toLowerCase()}@example.com`,
    photo: '/default-avatar.svg',
    usernameLower: username.toLowerCase(),
  };
}

/** The server-time placeholder, as the SDK sends serverTimestamp(). */
export const SERVER_TIME = { '.sv': 'timestamp' };
