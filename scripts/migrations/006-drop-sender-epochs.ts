/**
 * Each person's note of the epoch they send under (`senderEpochs/{uid}/{conversationKey}`) was
 * written with every new epoch and no longer read: the sending epoch comes from each device's own
 * record (src/lib/crypto/sending-log.ts), since a pointer put back by the operator could name an
 * epoch a removed device holds. The app stopped writing it and the rules no longer open it; this
 * deletes the tree, one person per update. Idempotent: a second run finds nothing.
 */
import type { MigrationDb } from './database';

export const version = 6;
export const name = 'drop-sender-epochs';

export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const people = await db.get('senderEpochs', { shallow: true });
  const uids = typeof people === 'object' && people !== null ? Object.keys(people) : [];
  for (const uid of uids) await db.update({ [`senderEpochs/${uid}`]: null });
  if (uids.length) log(`senderEpochs: removed the notes of ${String(uids.length)} people`);
  return uids.length;
}
