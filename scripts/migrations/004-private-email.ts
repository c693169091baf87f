/**
 * Migrates data written by the original product to the split profile (docs/data-model.md,
 * "Private profile fields"): each `users/{uid}/email` moves to `userPrivate/{uid}/email`, and a
 * request's or friendship's `photo` that references someone else's picture is cleared, since the
 * rules now refuse to copy it. One root update, idempotent. Run it right after deploying the new
 * rules; `npm start` runs it on local data (a database from before the split profile).
 */
import type { MigrationDb } from './database';

export const version = 4;
export const name = 'private-email';

type Records = Record<string, Record<string, unknown> | null> | null;

export interface MigrationInput {
  users: Records;
  userPrivate: Records;
  friendRequest: Records;
  friendList: Records;
}

/** The root update that migrates `data`; empty when there is nothing left to do. */
export function planPrivateEmailMigration(data: MigrationInput): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [uid, user] of Object.entries(data.users ?? {})) {
    const email = user?.email;
    if (email === undefined) continue;
    // An address the new app already wrote wins over the old public copy.
    if (typeof email === 'string' && !data.userPrivate?.[uid])
      changes[`userPrivate/${uid}`] = { email };
    changes[`users/${uid}/email`] = null;
  }
  for (const area of ['friendRequest', 'friendList'] as const) {
    for (const [conversationId, record] of Object.entries(data[area] ?? {})) {
      const photo = record?.photo;
      const sender = record?.senderId;
      if (typeof photo !== 'string' || !photo.startsWith('picture:')) continue;
      if (typeof sender === 'string' && photo.startsWith(`picture:${sender}:`)) continue;
      changes[`${area}/${conversationId}/photo`] = '';
    }
  }
  return changes;
}

/** Reads what the migration needs, applies it in one update, and returns how many paths changed. */
export async function migrate(db: MigrationDb, log: (line: string) => void): Promise<number> {
  const read = (path: string) => db.get(path) as Promise<Records>;
  const [users, userPrivate, friendRequest, friendList] = await Promise.all(
    ['users', 'userPrivate', 'friendRequest', 'friendList'].map(read),
  );
  const changes = planPrivateEmailMigration({ users, userPrivate, friendRequest, friendList });
  const count = Object.keys(changes).length;
  if (count > 0) await db.update(changes);
  log(
    count > 0
      ? `  ${String(count)} path(s) moved to the split profile`
      : '  every profile already split',
  );
  return count;
}
