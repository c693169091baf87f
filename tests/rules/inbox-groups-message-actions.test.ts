import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import {
  deletePreviewChanges,
  editPreviewChanges,
  reactionEntryChanges,
  type ReactionTarget,
} from '../../src/lib/firebase/conversations/inbox-entry-actions';
import { increment } from './inbox-fixtures';
import { alice, bob, carol } from './friends-fixtures';
import { dave, erin, membersWorld } from './groups-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// What an edit, a delete for everyone and a reaction write into group inbox entries.
const { dbAs, seed, write } = rulesEnvForFile('group-inbox-actions');

/** This file's group (`membersWorld`: Alice runs it, Bob and Carol are members, Dave left). */
const groupId = '-Ngroup0000000000025';
const relBC = '-Nrel00000000000025bc';
const msgId = '-Nm1';
const message = `groupMessages/${groupId}/${msgId}`;
const entry = (uid: string) => `groupInbox/${uid}/${groupId}`;
const entryOf = async (uid: string) =>
  (await dbAs(uid).ref(entry(uid)).once('value')).val() as Record<string, unknown>;

let sentAt = 0;
/** Bob's last message to the group, named by every entry (Dave's from before he left). */
function world() {
  sentAt = Date.now() - 1000;
  const last = {
    lastMessageId: msgId,
    lastSenderId: bob,
    lastText: 'see you at 8?',
    lastKind: 'text',
    lastAt: 1000,
  };
  return {
    ...membersWorld(groupId),
    [message]: { message: 'see you at 8?', senderId: bob, senderName: 'Bob', createdAt: sentAt },
    [entry(alice)]: { unread: 1, ...last },
    [entry(bob)]: last,
    [entry(carol)]: { unread: 1, ...last },
    [entry(dave)]: { unread: 1, ...last },
  };
}
/** Carol blocked Bob (their friendship's block record and pair claim). */
const carolBlocksBob = {
  [`block/${relBC}`]: { blockbyid: carol, blockbyName: 'Carol', blockid: bob, blockName: 'Bob' },
  [`pairs/${pairKey(bob, carol)}`]: relBC,
};

const owners = (...uids: string[]) =>
  ({ kind: 'group', conversationId: groupId, owners: uids }) as const;
const everyone = owners(alice, bob, carol);

const edit = (text: string, previews = editPreviewChanges(everyone, text)) => ({
  [`${message}/message`]: text,
  [`${message}/editedAt`]: SERVER_TIME,
  ...previews,
});
const removal = (previews = deletePreviewChanges(everyone)) => ({
  [message]: { senderId: bob, senderName: 'Bob', createdAt: sentAt, deleted: true },
  ...previews,
});

const target: ReactionTarget = {
  kind: 'group',
  conversationId: groupId,
  authorId: bob,
  reactorId: carol,
  messageId: msgId,
  emoji: '👍',
  text: 'see you at 8?',
  isImage: false,
};
const react = (reactor: string, emoji = '👍') => ({
  [`${message}/reactions/${emoji}/${reactor}`]: SERVER_TIME,
  ...reactionEntryChanges({ ...target, reactorId: reactor, emoji }, true, SERVER_TIME),
});
const notice = `${entry(bob)}/reaction`;

describe('group entries after an edit or a delete of the last message', () => {
  beforeEach(() => seed(world()));

  it("lets the sender write the new preview into every member's entry", async () => {
    await assertSucceeds(write(bob, edit('see you at 9?')));
    expect(await entryOf(carol)).toMatchObject({ unread: 1, lastText: 'see you at 9?' });
    expect(await entryOf(alice)).toMatchObject({ unread: 1, lastText: 'see you at 9?' });
  });

  it('refuses a forged preview, a preview without the edit, or from another member', async () => {
    await assertFails(write(bob, edit('at 9', editPreviewChanges(everyone, 'at 10'))));
    await assertFails(write(bob, editPreviewChanges(everyone, 'see you')));
    await assertFails(write(carol, edit('at 9', editPreviewChanges(owners(carol), 'at 9'))));
    await assertFails(write(alice, edit('at 9', editPreviewChanges(owners(carol), 'at 9'))));
  });

  it('refuses a preview in the entry of someone who left, a stranger, or across a block', async () => {
    await assertFails(write(bob, edit('at 9', editPreviewChanges(owners(dave), 'at 9'))));
    await assertFails(write(bob, edit('at 9', editPreviewChanges(owners(erin), 'at 9'))));
    await seed(carolBlocksBob);
    await assertFails(write(bob, edit('at 9')));
    await assertSucceeds(write(bob, edit('at 9', editPreviewChanges(owners(alice, bob), 'at 9'))));
  });

  it("lets the sender mark every member's entry deleted, and nobody else", async () => {
    await assertFails(write(carol, removal(deletePreviewChanges(owners(carol)))));
    await assertFails(write(bob, deletePreviewChanges(everyone)));
    await assertSucceeds(write(bob, removal()));
    expect(await entryOf(carol)).toMatchObject({ unread: 1, lastKind: 'deleted', lastText: '' });
  });

  it('refuses the mark for an entry that names another message', async () => {
    await seed({
      [`groupMessages/${groupId}/-Nm2`]: {
        message: 'ok',
        senderId: carol,
        senderName: 'Carol',
        createdAt: Date.now(),
      },
      [`${entry(carol)}/lastMessageId`]: '-Nm2',
    });
    await assertFails(write(bob, removal()));
    await assertSucceeds(write(bob, removal(deletePreviewChanges(owners(alice, bob)))));
  });
});

describe('group reaction notices', () => {
  beforeEach(() => seed(world()));

  it("lets a member or the admin write it into the author's entry, count untouched", async () => {
    await assertSucceeds(write(carol, react(carol)));
    expect(await entryOf(bob)).toMatchObject({ reaction: { by: carol, emoji: '👍' } });
    await assertSucceeds(write(alice, react(alice, '❤️')));
    const bobs = await entryOf(bob);
    expect(bobs.unread).toBeUndefined();
    expect(bobs.reaction).toMatchObject({ by: alice, emoji: '❤️', text: 'see you at 8?' });
  });

  it('lets the reactor or the owner remove it, nobody else', async () => {
    await write(carol, react(carol));
    await assertFails(write(alice, { [notice]: null }));
    await assertSucceeds(write(carol, { [notice]: null }));
    await write(carol, react(carol, '😂'));
    await assertSucceeds(write(bob, { [notice]: null }));
  });

  it('refuses it without the reaction, as someone else, raising the count or touching last*', async () => {
    await assertFails(write(carol, reactionEntryChanges(target, true, SERVER_TIME)));
    await assertFails(
      write(alice, {
        [`${message}/reactions/👍/${alice}`]: SERVER_TIME,
        ...reactionEntryChanges(target, true, SERVER_TIME),
      }),
    );
    await assertFails(write(carol, { ...react(carol), [`${entry(bob)}/unread`]: increment(1) }));
    await assertFails(write(carol, { ...react(carol), [`${entry(bob)}/lastAt`]: SERVER_TIME }));
    await assertFails(write(carol, { ...react(carol), [`${entry(bob)}/lastText`]: 'hm' }));
  });

  it('refuses it in the entry of someone who is not the author', async () => {
    const update = react(carol);
    await assertFails(
      write(carol, {
        [`${message}/reactions/👍/${carol}`]: SERVER_TIME,
        [`${entry(alice)}/reaction`]: update[notice],
      }),
    );
  });

  it('refuses it from someone who left, a stranger, or across a block', async () => {
    await assertFails(write(dave, react(dave)));
    await assertFails(write(erin, react(erin)));
    await seed(carolBlocksBob);
    await assertFails(write(carol, react(carol)));
    await assertSucceeds(write(alice, react(alice)));
  });
});
