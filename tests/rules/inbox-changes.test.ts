import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeMarkerChanges } from '../../src/lib/firebase/conversations/inbox-entry-actions';
import { increment, send, storedMessage } from './inbox-fixtures';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// An edit or delete for everyone of an OLDER message marks the entries (`changed`),
// so the other devices' search indexes catch up live; nothing else of the entries moves.
const { dbAs, seed, write } = rulesEnvForFile('inbox-changes');

const oldId = '-Nm0old';
const lastId = '-Nm9last';
const message = (id: string) => `sendMessage/${conversationId}/${id}`;
const entry = (uid: string) => `inbox/${uid}/${conversationId}`;
const entryOf = async (uid: string) =>
  (await dbAs(uid).ref(entry(uid)).once('value')).val() as Record<string, unknown>;

/** Alice's older message, then Bob's last one, named by both entries (Alice has 1 unread). */
function conversation() {
  const sentAt = Date.now() - 60_000;
  const last = {
    lastMessageId: lastId,
    lastSenderId: bob,
    lastText: 'ok',
    lastKind: 'text',
    lastAt: sentAt + 1000,
  };
  return {
    ...befriended,
    [message(oldId)]: { ...storedMessage(alice, bob, 'see you at 8?'), createdAt: sentAt },
    [message(lastId)]: { ...storedMessage(bob, alice, 'ok'), createdAt: sentAt + 1000 },
    [entry(alice)]: { unread: 1, ...last },
    [entry(bob)]: last,
    // Carol's entry under the same key (forged or stale): she is no party of the friendship.
    [entry(carol)]: { unread: 0, ...last },
  };
}

const owners = (...uids: string[]) =>
  ({ kind: 'direct', conversationId: conversationId, owners: uids }) as const;
const markers = (id = oldId, ...uids: string[]) =>
  changeMarkerChanges(owners(...(uids.length ? uids : [alice, bob])), id, SERVER_TIME);
const edit = (extra: Record<string, unknown> = markers()) => ({
  [`${message(oldId)}/message`]: 'see you at 9?',
  [`${message(oldId)}/editedAt`]: SERVER_TIME,
  ...extra,
});
const removal = (extra: Record<string, unknown> = markers()) => ({
  [`${message(oldId)}/deleted`]: true,
  [`${message(oldId)}/deletedAt`]: SERVER_TIME,
  [`${message(oldId)}/message`]: null,
  [`${message(oldId)}/editedAt`]: null,
  ...extra,
});

describe('the change marker of an edit or delete of an older message', () => {
  beforeEach(() => seed(conversation()));

  it("lets the sender mark both friends' entries, count, last message and preview kept", async () => {
    const before = await entryOf(bob);
    await assertSucceeds(write(alice, edit()));
    const after = await entryOf(bob);
    expect(after).toMatchObject(before);
    expect(after.changed).toEqual({ messageId: oldId, at: expect.any(Number) as number });
    expect(await entryOf(alice)).toMatchObject({
      unread: 1,
      lastMessageId: lastId,
      lastText: 'ok',
    });
    // A delete for everyone moves the marker again; one entry alone is fine too.
    await assertSucceeds(write(alice, removal(markers(oldId, bob))));
    expect(((await entryOf(bob)).changed as { at: number }).at).toBeGreaterThanOrEqual(
      (after.changed as { at: number }).at,
    );
  });

  it('keeps the marker through a new message and the owner reading it', async () => {
    await assertSucceeds(write(alice, edit()));
    const marker = (await entryOf(bob)).changed;
    await assertSucceeds(write(alice, send(alice, bob, '-Nm99new')));
    await assertSucceeds(write(bob, { [`${entry(bob)}/unread`]: 0 }));
    expect((await entryOf(bob)).changed).toEqual(marker);
  });

  it('refuses a marker without the edit or delete in the same update', async () => {
    await assertFails(write(alice, markers()));
    // Naming a message that this update does not change, or that someone else sent.
    await assertFails(write(alice, edit(markers(lastId))));
    await assertFails(write(alice, { ...edit(), [`${message(oldId)}/editedAt`]: null }));
  });

  it('refuses the marker from anyone but the sender', async () => {
    // Bob cannot edit Alice's message, nor claim her edit; Carol is an outsider.
    await assertFails(write(bob, markers(oldId, alice)));
    await assertFails(write(bob, edit()));
    await assertFails(write(carol, markers(oldId, bob)));
    await assertFails(write(null, markers(oldId, bob)));
  });

  it("refuses a marker in a non-party's entry or in an entry that does not exist", async () => {
    await assertFails(write(alice, edit(markers(oldId, alice, bob, carol))));
    await assertFails(write(alice, edit(markers(oldId, carol))));
    await seed({ [entry(bob)]: null });
    await assertFails(write(alice, edit(markers(oldId, bob))));
    await assertSucceeds(write(alice, edit(markers(oldId, alice))));
  });

  it('refuses a forged time, other fields, or anything else of the entry changed', async () => {
    const path = `${entry(bob)}/changed`;
    await assertFails(write(alice, edit({ [path]: { messageId: oldId, at: 12345 } })));
    await assertFails(write(alice, edit({ [path]: { messageId: oldId, at: Date.now() + 9e9 } })));
    await assertFails(write(alice, edit({ [path]: { messageId: oldId } })));
    await assertFails(
      write(alice, edit({ [path]: { messageId: oldId, at: SERVER_TIME, by: alice } })),
    );
    await assertFails(write(alice, edit({ ...markers(), [`${entry(bob)}/unread`]: increment(1) })));
    await assertFails(write(alice, edit({ ...markers(), [`${entry(bob)}/lastAt`]: SERVER_TIME })));
    await assertFails(write(alice, edit({ ...markers(), [`${entry(bob)}/lastText`]: 'see' })));
    await assertFails(
      write(alice, edit({ ...markers(), [`${entry(bob)}/changedAt`]: SERVER_TIME })),
    );
  });

  it('refuses taking a marker away or rewriting it later', async () => {
    await assertSucceeds(write(alice, edit()));
    const path = `${entry(bob)}/changed`;
    await assertFails(write(alice, { [path]: null }));
    await assertFails(write(alice, { [`${path}/at`]: SERVER_TIME }));
    await assertFails(write(bob, { [path]: null }));
    // The owner may clear it with their count (a reset), as any field of their own entry.
    await assertSucceeds(write(bob, { [`${entry(bob)}/unread`]: 0, [path]: null }));
  });
});
