/**
 * Seeds the demo data on first run: verified Auth accounts plus the database content that
 * exercises every panel. Idempotent: an already-seeded backend is left alone.
 */
import { createAuthUser, dbRest, listAuthUsers, type AdminTarget } from './stack/admin';
import { buildDemoData } from './demo-data';
import { demoPassword, demoUsers } from './demo-users';

export async function seedIfEmpty(target: AdminTarget): Promise<'seeded' | 'already'> {
  if ((await listAuthUsers(target)).length > 0) return 'already';
  // Accounts are gone (first run, or auth data was lost): data keyed by old uids is stale.
  await dbRest(target, 'PUT', '/', null);
  const created = [];
  for (const user of demoUsers) {
    const account = await createAuthUser(target, {
      email: user.email,
      password: demoPassword,
      displayName: user.username,
      verified: true,
    });
    created.push({ uid: account.uid, username: user.username, email: user.email });
  }
  await dbRest(target, 'PATCH', '/', buildDemoData(created, Date.now()));
  return 'seeded';
}

export function describeDemoAccounts(): string {
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  const rows = demoUsers.map((u) => `  ${u.email.padEnd(width)}  ${demoPassword}`);
  return ['Demo accounts (e-mail / password):', ...rows].join('\n');
}
