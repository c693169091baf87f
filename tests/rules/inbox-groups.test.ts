import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import type { MessageImageUpload } from '../../src/lib/firebase/conversations/image-message';
import { groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { increment, omit } from './inbox-fixtures';
import { alice, bob, carol } from './friends-fixtures';
import { dave, erin, membersWorld, names } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';

// Group photos, group inbox counts and group read markers.
const { dbAs, seed } = rulesEnvForFile('group-inbox');

/** This file's group (`membersWorld`: Alice runs it, Bob and Carol are members, Dave left). */
const groupId = '-Ngroup0000000000009';
const relBC = '-Nrel00000000000000bc';
const world = {
  ...membersWorld(groupId),
  // Dave's entry from when he belonged stays; he is no member now.
  [`groupInbox/${dave}/${groupId}`]: {
    unread: 1,
    lastMessageId: '-Nold',
    lastSenderId: alice,
    lastText: 'Old',
    lastKind: 'text',
    lastAt: 1,
  },
  [`groupMessages/${groupId}/-Nold`]: {
    message: 'Old',
    senderId: alice,
    senderName: 'Alice',
    createdAt: 1,
  },
};
/** Carol blocked Bob (their friendship's block record and pair claim). */
const carolBlocksBob = {
  [`block/${relBC}`]: { blockbyid: carol, blockbyName: 'Carol', blockid: bob, blockName: 'Bob' },
  [`pairs/${pairKey(bob, carol)}`]: relBC,
};

const server = { now: SERVER_TIME, plusOne: increment(1) };
let next = 0;
const newId = () => `-Nmsg${String(++next)}`;
/** The app's group send from `from` counting for `to`, with its id. */
function send(from: string, to: string[], text = 'Hi all') {
  const id = newId();
  const parties = { groupId, from: { uid: from, name: names[from] }, to };
  return { id, update: groupSendWrite(parties, id, text, server) };
}
const image = (overrides: Partial<MessageImageUpload> = {}): MessageImageUpload => ({
  full: `data:image/webp;base64,${'A'.repeat(200_000)}`,
  thumb: `data:image/jpeg;base64,${'B'.repeat(10_000)}`,
  width: 1600,
  height: 1200,
  ...overrides,
});
function sendImage(from: string, to: string[], upload = image()) {
  const id = newId();
  const parties = { groupId, from: { uid: from, name: names[from] }, to };
  return { id, update: groupSendWrite(parties, id, '', server, { upload, caption: '' }) };
}
const write = (uid: string, update: Record<string, unknown>) => dbAs(uid).ref().update(update);
const entry = (uid: string) => `groupInbox/${uid}/${groupId}`;

describe('group inbox counts', () => {
  beforeEach(() => seed(world));

  it("lets a member count their message in every other member's entry, in one update", async () => {
    await assertSucceeds(write(bob, send(bob, [alice, carol]).update));
    await assertSucceeds(write(alice, send(alice, [bob, carol]).update));
    // A second message counts on: 2 for Carol.
    await assertSucceeds(write(bob, send(bob, [alice, carol]).update));
  });

  it('refuses a count that is not exactly + 1, or without a new message of the writer', async () => {
    const { id, update } = send(bob, [alice, carol]);
    await assertFails(write(bob, { ...update, [`${entry(carol)}/unread`]: 5 }));
    await assertFails(write(bob, omit(update, `groupMessages/${groupId}/${id}`)));
    // Naming an old message again, or someone else's.
    await assertFails(write(bob, { ...update, [`${entry(carol)}/lastMessageId`]: '-Nold' }));
    await assertFails(write(bob, { ...update, [`${entry(carol)}/lastSenderId`]: alice }));
  });

  it('refuses a reaction notice forged in the name of another member with a message', async () => {
    const { id, update } = send(bob, [alice, carol]);
    const notice = { by: alice, emoji: '😡', messageId: id, text: 'You are out', kind: 'text' };
    const forged = { ...update, [`${entry(carol)}/reaction`]: { ...notice, at: SERVER_TIME } };
    await assertFails(write(bob, forged));
    await assertSucceeds(write(bob, update));
  });

  it('refuses an entry for a former member, a stranger, or across a block', async () => {
    await assertFails(write(bob, send(bob, [alice, dave]).update));
    await assertFails(write(bob, send(bob, [alice, erin]).update));
    await seed(carolBlocksBob);
    await assertFails(write(bob, send(bob, [alice, carol]).update));
    await assertSucceeds(write(bob, send(bob, [alice]).update));
    // Carol, who blocked Bob, does not count for him either.
    await assertFails(write(carol, send(carol, [alice, bob]).update));
  });

  it('refuses a former member or a stranger counting in members’ entries', async () => {
    await assertFails(write(dave, send(dave, [alice, bob]).update));
    await assertFails(write(erin, send(erin, [alice, bob]).update));
    // Even without a message of their own in the same update.
    await assertFails(write(erin, { [`${entry(bob)}/unread`]: increment(1) }));
  });

  it('lets only the owner reset their count, to 0, naming the last message they saw', async () => {
    const { id, update } = send(bob, [alice, carol]);
    await write(bob, update);
    await assertFails(write(bob, { [`${entry(carol)}/unread`]: 0 }));
    await assertFails(
      write(carol, { [`${entry(carol)}/unread`]: 0, [`${entry(carol)}/lastMessageId`]: '-Nold' }),
    );
    await assertSucceeds(
      write(carol, { [`${entry(carol)}/unread`]: 0, [`${entry(carol)}/lastMessageId`]: id }),
    );
    await assertFails(dbAs(bob).ref(entry(carol)).once('value'));
    await assertSucceeds(dbAs(carol).ref(entry(carol)).once('value'));
  });
});

describe('group photos', () => {
  beforeEach(() => seed(world));

  it('lets the admin and members send a photo with its counts, and read it by leaf', async () => {
    const sent = sendImage(bob, [alice, carol]);
    await assertSucceeds(write(bob, sent.update));
    await assertSucceeds(write(alice, sendImage(alice, [bob, carol]).update));
    for (const uid of [alice, bob, carol]) {
      await assertSucceeds(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/thumb`).once('value'));
      await assertSucceeds(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/full`).once('value'));
    }
    for (const uid of [dave, erin]) {
      await assertFails(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/thumb`).once('value'));
    }
    await assertFails(dbAs(alice).ref(`groupImages/${groupId}`).once('value'));
  });

  it('refuses a photo from a former member or a stranger', async () => {
    await assertFails(write(dave, sendImage(dave, [alice]).update));
    await assertFails(write(erin, sendImage(erin, [alice]).update));
  });

  it('refuses other formats, oversized bytes, and bytes without their message', async () => {
    const gif = image({ thumb: `data:image/gif;base64,${'B'.repeat(100)}` });
    await assertFails(write(bob, sendImage(bob, [alice], gif).update));
    const huge = image({ full: `data:image/webp;base64,${'A'.repeat(420_001)}` });
    await assertFails(write(bob, sendImage(bob, [alice], huge).update));
    const bigThumb = image({ thumb: `data:image/jpeg;base64,${'B'.repeat(28_001)}` });
    await assertFails(write(bob, sendImage(bob, [alice], bigThumb).update));
    await assertFails(
      write(bob, {
        [`groupImages/${groupId}/-Nloose`]: {
          full: image().full,
          thumb: image().thumb,
          createdAt: SERVER_TIME,
        },
      }),
    );
  });
});

describe('group read markers', () => {
  beforeEach(() => seed(world));
  const marker = (uid: string, messageId = '-Nold') =>
    write(uid, { [`groupReads/${groupId}/${uid}`]: { at: SERVER_TIME, messageId } });

  it('lets the admin and members mark what they read, and read each other’s markers', async () => {
    await assertSucceeds(marker(alice));
    await assertSucceeds(marker(bob));
    await assertSucceeds(dbAs(carol).ref(`groupReads/${groupId}`).once('value'));
  });

  it('refuses former members, strangers, someone else’s marker, unknown messages, receipts off', async () => {
    await assertFails(marker(dave));
    await assertFails(marker(erin));
    await assertFails(dbAs(erin).ref(`groupReads/${groupId}`).once('value'));
    await assertFails(
      write(bob, { [`groupReads/${groupId}/${carol}`]: { at: SERVER_TIME, messageId: '-Nold' } }),
    );
    await assertFails(marker(bob, '-Nmissing'));
    await seed({ [`settings/${bob}/readReceipts`]: false });
    await assertFails(marker(bob));
    // With mine off I see nobody's either.
    await assertFails(dbAs(bob).ref(`groupReads/${groupId}`).once('value'));
    await assertFails(dbAs(bob).ref(`groupReads/${groupId}/${alice}`).once('value'));
    await assertSucceeds(dbAs(carol).ref(`groupReads/${groupId}`).once('value'));
  });
});

describe('every group path, for people who are not in the group', () => {
  // Frank is invited, Gina asked to join, Henry is blocked by the admin; Dave left, Erin is a stranger.
  const frank = 'frank-uid';
  const gina = 'gina-uid';
  const henry = 'henry-uid';
  const relAH = '-Nrel00000000000000ah';
  const outsiders = [frank, gina, henry, dave, erin];
  // The app's send names the sender: they get names too.
  Object.assign(names, { [frank]: 'Frank', [gina]: 'Gina', [henry]: 'Henry' });
  beforeEach(() =>
    seed({
      ...world,
      ...Object.fromEntries(
        [frank, gina, henry].map((uid) => [`users/${uid}`, userRecord(names[uid] ?? uid)]),
      ),
      [`groupMembership/${groupId}/${frank}`]: { status: 'invited', username: 'Frank', at: 1 },
      [`userGroups/${frank}/${groupId}`]: 'invited',
      [`groupMembership/${groupId}/${gina}`]: { status: 'requested', username: 'Gina', at: 1 },
      [`userGroups/${gina}/${groupId}`]: 'requested',
      [`block/${relAH}`]: {
        blockbyid: alice,
        blockbyName: 'Alice',
        blockid: henry,
        blockName: 'Henry',
      },
      [`pairs/${pairKey(alice, henry)}`]: relAH,
      [`groupReads/${groupId}/${bob}`]: { at: 1, messageId: '-Nold' },
    }),
  );

  it('lets the admin and members use groupReads, groupImages and their groupInbox entries', async () => {
    const sent = sendImage(bob, [alice, carol]);
    await assertSucceeds(write(bob, sent.update));
    for (const uid of [alice, bob, carol]) {
      await assertSucceeds(dbAs(uid).ref(`groupReads/${groupId}`).once('value'));
      await assertSucceeds(
        write(uid, { [`groupReads/${groupId}/${uid}`]: { at: SERVER_TIME, messageId: sent.id } }),
      );
      await assertSucceeds(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/thumb`).once('value'));
      await assertSucceeds(dbAs(uid).ref(entry(uid)).once('value'));
    }
  });

  it('refuses invited, requesting, blocked, former members and strangers everywhere', async () => {
    const sent = sendImage(bob, [alice, carol]);
    await write(bob, sent.update);
    for (const uid of outsiders) {
      await assertFails(dbAs(uid).ref(`groupReads/${groupId}`).once('value'));
      await assertFails(dbAs(uid).ref(`groupReads/${groupId}/${bob}`).once('value'));
      await assertFails(
        write(uid, { [`groupReads/${groupId}/${uid}`]: { at: SERVER_TIME, messageId: sent.id } }),
      );
      await assertFails(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/thumb`).once('value'));
      await assertFails(dbAs(uid).ref(`groupImages/${groupId}/${sent.id}/full`).once('value'));
      await assertFails(write(uid, sendImage(uid, [alice]).update));
      await assertFails(write(uid, send(uid, [alice, bob]).update));
      await assertFails(dbAs(uid).ref(entry(bob)).once('value'));
      await assertFails(write(uid, { [`${entry(bob)}/unread`]: increment(1) }));
    }
  });
});
