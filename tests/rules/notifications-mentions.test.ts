import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { mentionNotificationChanges } from '../../src/lib/firebase/notifications/mention';
import { parseNotification } from '../../src/lib/firebase/notifications/record';
import { increment } from './inbox-fixtures';
import { alice, bob, carol } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';

// A group message that mentions someone notifies them, in its own update.
const { dbAs, seed, write } = rulesEnvForFile('notifications-mentions');

/** Alice runs 'Hiking club'; Bob and Carol are members, Dave left, Erin is a stranger. */
const dave = 'dave-uid';
const erin = 'erin-uid';
const groupId = '-Ngroup0000000000007';
const names: Record<string, string> = {
  [alice]: 'Alice',
  [bob]: 'Bob',
  [carol]: 'Carol',
  [dave]: 'Dave',
  [erin]: 'Erin',
};
const member = (uid: string) => ({
  [`groupMembership/${groupId}/${uid}`]: { status: 'member', username: names[uid], at: 1 },
  [`userGroups/${uid}/${groupId}`]: 'member',
});
const world = {
  ...Object.fromEntries(
    Object.entries(names).map(([uid, name]) => [`users/${uid}`, userRecord(name)]),
  ),
  [`Mygroup/${groupId}`]: {
    adminId: alice,
    adminName: 'Alice',
    groupName: 'Hiking club',
    groupTag: 'Up',
  },
  ...member(bob),
  ...member(carol),
};

let next = 0;
/**
 * `from`'s group message (to the admin and members but themself) mentioning `mentioned`, with
 * the notifications for `notified` (the mentioned people unless told otherwise).
 */
function mention(
  from: string,
  mentioned: string[],
  notified = mentioned,
  note: { actorName?: string; groupName?: string; messageId?: string; counted?: string[] } = {},
) {
  const id = `-Nmention${String(++next)}`;
  const to = (note.counted ?? [alice, bob, carol]).filter((uid) => uid !== from);
  const parties = { groupId, from: { uid: from, name: names[from] }, to };
  const update = groupSendWrite(parties, id, 'see you there', {
    now: SERVER_TIME,
    plusOne: increment(1),
  });
  const path = `groupMessages/${groupId}/${id}`;
  if (mentioned.length > 0) {
    update[path] = {
      ...(update[path] as object),
      mentions: Object.fromEntries(mentioned.map((uid) => [uid, true])),
    };
  }
  const changes = mentionNotificationChanges(
    {
      groupId,
      groupName: note.groupName ?? 'Hiking club',
      actor: { uid: from, name: note.actorName ?? names[from] },
      messageId: note.messageId ?? id,
      to: notified,
    },
    SERVER_TIME,
  );
  return { id, update: { ...update, ...changes } };
}
const noteOf = (to: string, actor: string) => `notifications/${to}/mention_${groupId}_${actor}`;

describe('mention notifications', () => {
  beforeEach(() => seed(world));

  it('are accepted with the message that mentions their recipients, member or admin', async () => {
    const { id, update } = mention(bob, [carol, alice]);
    await assertSucceeds(write(bob, update));
    const stored = (await dbAs(carol).ref(noteOf(carol, bob)).once('value')).val() as unknown;
    expect(parseNotification(`mention_${groupId}_${bob}`, stored)).toMatchObject({
      kind: 'mention',
      actorId: bob,
      actorName: 'Bob',
      ref: groupId,
      subject: 'Hiking club',
      messageId: id,
      read: false,
    });
    await assertSucceeds(write(alice, mention(alice, [bob]).update));
    // Mentioned again: the same entry, unread again, naming the new message; Carol marks it read.
    await assertSucceeds(write(carol, { [`${noteOf(carol, bob)}/read`]: true }));
    await assertSucceeds(write(bob, mention(bob, [carol]).update));
    const again = (await dbAs(carol).ref(noteOf(carol, bob)).once('value')).val() as {
      read: boolean;
    };
    expect(again.read).toBe(false);
  });

  it('are refused without their message, or for a message that does not mention them', async () => {
    const sent = mention(bob, [carol]);
    await seed({
      [`groupMessages/${groupId}/${sent.id}`]: sent.update[`groupMessages/${groupId}/${sent.id}`],
    });
    // The message exists already: a second notification for it is not this update's.
    const alone = Object.fromEntries(
      Object.entries(sent.update).filter(([path]) => path.startsWith('notifications/')),
    );
    await assertFails(write(bob, alone));
    await assertFails(write(bob, mention(bob, [carol], [carol, alice]).update));
    await assertFails(write(bob, mention(bob, [], [carol]).update));
    // Naming another (older) message than the one this update creates.
    await assertFails(write(bob, mention(bob, [carol], [carol], { messageId: sent.id }).update));
  });

  it("are refused for someone else's message", async () => {
    // Carol's message mentioning Alice, with a notification Bob signs as actor.
    const { id, update } = mention(carol, [alice]);
    const forged = Object.fromEntries(
      Object.entries(update).filter(([path]) => !path.startsWith('notifications/')),
    );
    await assertSucceeds(write(carol, forged));
    const bobs = mention(bob, [], [alice], { messageId: id });
    await assertFails(
      write(
        bob,
        Object.fromEntries(
          Object.entries(bobs.update).filter(([p]) => p.startsWith('notifications/')),
        ),
      ),
    );
  });

  it('are refused in another name, another group name, or to myself', async () => {
    await assertFails(write(bob, mention(bob, [carol], [carol], { actorName: 'Alice' }).update));
    await assertFails(write(bob, mention(bob, [carol], [carol], { groupName: 'Fishing' }).update));
    const self = mention(bob, [carol]);
    const path = `notifications/${bob}/mention_${groupId}_${bob}`;
    await assertFails(write(bob, { ...self.update, [path]: self.update[noteOf(carol, bob)] }));
  });

  it('are refused with a client clock, already read, or under another id', async () => {
    const { update } = mention(bob, [carol]);
    const note = update[noteOf(carol, bob)] as Record<string, unknown>;
    await assertFails(write(bob, { ...update, [noteOf(carol, bob)]: { ...note, at: Date.now() } }));
    await assertFails(write(bob, { ...update, [noteOf(carol, bob)]: { ...note, read: true } }));
    await assertFails(
      write(bob, {
        ...update,
        [noteOf(carol, bob)]: null,
        [`notifications/${carol}/mention_${groupId}_${alice}`]: note,
      }),
    );
    const { messageId: _id, ...withoutMessage } = note;
    await assertFails(write(bob, { ...update, [noteOf(carol, bob)]: withoutMessage }));
  });

  it('are refused for someone who left, a stranger, or across a block', async () => {
    await assertFails(write(bob, mention(bob, [dave]).update));
    await assertFails(write(bob, mention(bob, [erin]).update));
    await seed({
      [`block/-Nrel0000000000000bc7`]: {
        blockbyid: carol,
        blockbyName: 'Carol',
        blockid: bob,
        blockName: 'Bob',
      },
      [`pairs/${pairKey(bob, carol)}`]: '-Nrel0000000000000bc7',
    });
    // The message itself counts only for Alice (the app leaves out anyone blocked).
    await assertFails(write(bob, mention(bob, [carol], [carol], { counted: [alice] }).update));
    await assertSucceeds(
      write(bob, mention(bob, [carol, alice], [alice], { counted: [alice] }).update),
    );
  });

  it('are refused to a former member or a stranger writing them', async () => {
    await assertFails(write(dave, mention(dave, [carol]).update));
    await assertFails(write(erin, mention(erin, [carol]).update));
  });
});
