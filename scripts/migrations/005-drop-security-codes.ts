/**
 * The security codes each person saw and verified were stored on the server
 * (`securityCodes/{uid}/{friendUid}`: the code, `verified`), so whoever runs the database could
 * mark anyone verified or hide a change. They now live on each device, as the identity key pinned
 * for each person (docs/security/e2ee.md, "Pinning"), and the codes are made of identity keys, so
 * no stored code would match a new one anyway. This deletes the tree, one person per update: the
 * rules no longer open it, and nothing reads it. People are told in the app ('Your encryption was
 * upgraded') and verify again. Idempotent: a second run finds nothing.
 */
import type { MigrationDb } from './database';

export const version = 5;
export const name = 'drop-security-codes';

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const people = await db.get('securityCodes', { shallow: true });
  const uids = typeof people === 'object' && people !== null ? Object.keys(people) : [];
  for (const uid of uids) await db.update({ [`securityCodes/${uid}`]: null });
  if (uids.length) log(`securityCodes: removed the records of ${String(uids.length)} people`);
  return uids.length;
}
