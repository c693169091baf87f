import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeMarkerChanges } from '../../src/lib/firebase/conversations/inbox-entry-actions';
import { alice, bob, carol } from './friends-fixtures';
import { dave, erin, membersWorld } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// The change marker of an edit or delete of an older group message (`changed`).
const { dbAs, seed, write } = rulesEnvForFile('group-inbox-changes');

/** This file's group (`membersWorld`: Alice runs it, Bob and Carol are members, Dave left). */
const groupId = '-Ngroup0000000000026';
const oldId = '-Nm0old';
const message = `groupMessages/${groupId}/${oldId}`;
const entry = (uid: string) => `groupInbox/${uid}/${groupId}`;

/** Bob's older message; every entry (Dave's from before he left) names Carol's last one. */
function world() {
  const sentAt = Date.now() - 60_000;
  const last = {
    lastMessageId: '-Nm9last',
    lastSenderId: carol,
    lastText: 'ok',
    lastKind: 'text',
    lastAt: 1000,
  };
  return {
    ...membersWorld(groupId),
    [message]: { message: 'see you at 8?', senderId: bob, senderName: 'Bob', createdAt: sentAt },
    [`groupMessages/${groupId}/-Nm9last`]: {
      message: 'ok',
      senderId: carol,
      senderName: 'Carol',
      createdAt: sentAt + 1000,
    },
    ...Object.fromEntries(
      [alice, bob, carol, dave, erin].map((uid) => [entry(uid), { unread: 1, ...last }]),
    ),
  };
}

const markers = (...uids: string[]) =>
  changeMarkerChanges({ kind: 'group', conversationId: groupId, owners: uids }, oldId, SERVER_TIME);
const edit = (extra: Record<string, unknown>) => ({
  [`${message}/message`]: 'see you at 9?',
  [`${message}/editedAt`]: SERVER_TIME,
  ...extra,
});

describe("the change marker in group members' entries", () => {
  beforeEach(() => seed(world()));

  it("lets the sender mark the admin's and every member's entry, nothing else moving", async () => {
    await assertSucceeds(write(bob, edit(markers(alice, bob, carol))));
    const carolsEntry = (await dbAs(carol).ref(entry(carol)).once('value')).val() as Record<
      string,
      unknown
    >;
    expect(carolsEntry).toMatchObject({ unread: 1, lastMessageId: '-Nm9last', lastText: 'ok' });
    expect(carolsEntry.changed).toEqual({ messageId: oldId, at: expect.any(Number) as number });
    // The delete for everyone too, marking some entries only.
    await assertSucceeds(write(bob, removal(markers(alice, carol))));
  });

  it('refuses a marker in the entry of someone who left, or of a stranger', async () => {
    await assertFails(write(bob, edit(markers(alice, bob, carol, dave))));
    await assertFails(write(bob, edit(markers(erin))));
  });

  it('refuses a marker from a member or a stranger who did not change the message', async () => {
    await assertFails(write(carol, markers(alice, bob)));
    await assertFails(write(erin, markers(alice, bob)));
    await assertFails(write(dave, markers(alice)));
  });
});

function removal(extra: Record<string, unknown>) {
  return {
    [`${message}/deleted`]: true,
    [`${message}/deletedAt`]: SERVER_TIME,
    [`${message}/message`]: null,
    [`${message}/editedAt`]: null,
    ...extra,
  };
}
