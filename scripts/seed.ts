/**
 * Seeds the demo data on first run: verified Auth accounts plus the database content that
 * exercises every panel. Never deletes anything: it seeds only a truly empty backend (or
 * finishes an interrupted first seeding, which left nothing but demo accounts), and reports
 * saved accounts and a saved database that do not belong together. With several database
 * instances, the demo is spread over them (scripts/demo/placement.ts).
 */
import {
  completeAuthUser,
  createAuthUser,
  dbRest,
  listAuthUsers,
  type AdminTarget,
} from './stack/admin';
import { buildDemoData, type DemoUser } from './demo/data';
import { placementEntries, splitByInstance } from './demo/placement';
import { demoPassword, demoUsers } from './demo/users';
import { latestSchemaVersion, SCHEMA_VERSION_PATH } from './migrations/runner';
import { instanceTarget } from './stack/instances';

export type SeedOutcome =
  { kind: 'seeded' } | { kind: 'kept' } | { kind: 'mismatch'; message: string };

/**
 * Call only once the Auth emulator has imported its saved accounts. `target` is the directory;
 * `instances` how many database instances the demo spreads over.
 */
export async function seedIfEmpty(target: AdminTarget, instances = 1): Promise<SeedOutcome> {
  const accounts = await listAuthUsers(target);
  const root = await dbRest(target, 'GET', '/', undefined, { shallow: 'true' });
  // The instances' configuration (scripts/stack/instances.ts, written at every start) is no data.
  const dbEmpty = Object.keys(root ?? {}).every((key) => key === 'config');
  if (!dbEmpty && accounts.length > 0) return { kind: 'kept' };
  const demoEmails = new Set(demoUsers.map((u) => u.email));
  const others = accounts.filter((a) => a.email === undefined || !demoEmails.has(a.email));
  if (dbEmpty && others.length === 0) {
    await seed(target, accounts, instances);
    return { kind: 'seeded' };
  }
  const fresh =
    'To start over with the demo data, run `npm start -- --fresh` (it erases the local accounts and data).';
  const message = dbEmpty
    ? `There are ${accounts.length} saved account(s) but the saved database is empty. ` +
      `Nothing was changed; the app starts with them as they are. ${fresh}`
    : 'The saved database has data but there are no saved accounts, so nobody can sign in to ' +
      `it (the accounts were lost or deleted). Nothing was changed. ${fresh}`;
  return { kind: 'mismatch', message };
}

/** Creates the demo accounts still missing (a first run may have been cut short), then data. */
async function seed(
  target: AdminTarget,
  existing: Array<{ localId: string; email?: string }>,
  instances: number,
) {
  const created = [];
  for (const user of demoUsers) {
    const found = existing.find((a) => a.email === user.email);
    let uid: string;
    if (found) {
      uid = found.localId;
      await completeAuthUser(target, uid, user.username, true);
    } else {
      const account = await createAuthUser(target, {
        email: user.email,
        password: demoPassword,
        displayName: user.username,
        verified: true,
      });
      uid = account.uid;
    }
    created.push({ uid, username: user.username, email: user.email });
  }
  const [directory = {}, ...others] = demoWrites(created, instances, Date.now());
  // The other instances first, then the directory in one write: the directory decides whether
  // the backend is seeded (seedIfEmpty), so it is either still empty or fully seeded, at the
  // current schema. (A start cut short between the two leaves records there that no placement
  // names, never a placement without its records.)
  await Promise.all(
    others.map((part, i) => dbRest(instanceTarget(target, i + 1), 'PATCH', '/', part)),
  );
  await dbRest(target, 'PATCH', '/', {
    ...directory,
    [SCHEMA_VERSION_PATH]: latestSchemaVersion(),
  });
}

/**
 * The demo database for `people` (demoUsers' order) over `instances` instances: one root
 * update per instance, the directory's first, with the homes and placements that say where.
 */
export function demoWrites(
  people: DemoUser[],
  instances: number,
  now: number,
): Record<string, unknown>[] {
  const demo = buildDemoData(people, now);
  return splitByInstance({ ...demo, ...placementEntries(demo, people, instances) }, instances);
}

export function describeDemoAccounts(): string {
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  const rows = demoUsers.map((u) => `  ${u.email.padEnd(width)}  ${demoPassword}`);
  return ['Demo accounts (e-mail / password):', ...rows].join('\n');
}
