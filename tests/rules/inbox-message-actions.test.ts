import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deletePreviewChanges,
  editPreviewChanges,
  reactionEntryChanges,
  type ReactionTarget,
} from '../../src/lib/firebase/conversations/inbox-entry-actions';
import { increment, send, storedMessage } from './inbox-fixtures';
import { alice, befriended, blocked, bob, carol, conversationId } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// What an edit, a delete for everyone and a reaction write into the 1:1 inbox entries.
const { dbAs, seed, write } = rulesEnvForFile('inbox-actions');

const msgId = '-Nm1';
const message = `sendMessage/${conversationId}/${msgId}`;
const entry = (uid: string) => `inbox/${uid}/${conversationId}`;
const entryOf = async (uid: string) =>
  (await dbAs(uid).ref(entry(uid)).once('value')).val() as Record<string, unknown>;

/** When the seeded message was sent: a moment ago, within the edit and delete windows. */
let sentAt = 0;

/** Alice's message to Bob, sent a moment ago, named by both entries (Bob has 1 unread). */
function conversation(text = 'see you at 8?', extra: Record<string, unknown> = {}) {
  const last = {
    lastMessageId: msgId,
    lastSenderId: alice,
    lastText: text,
    lastKind: 'text',
    lastAt: 1000,
  };
  sentAt = Date.now() - 1000;
  return {
    ...befriended,
    [message]: { ...storedMessage(alice, bob, text), createdAt: sentAt, ...extra },
    [entry(alice)]: last,
    [entry(bob)]: { unread: 1, ...last },
  };
}

const both = { kind: 'direct', conversationId: conversationId, owners: [alice, bob] } as const;
const only = (uid: string) => ({ ...both, owners: [uid] });

/** An edit as the gateway writes it: the text, its time and, for the last message, previews. */
const edit = (
  text: string,
  previews: Record<string, unknown> = editPreviewChanges(both, text),
) => ({
  [`${message}/message`]: text,
  [`${message}/editedAt`]: SERVER_TIME,
  ...previews,
});

/** A delete for everyone: the envelope and `deleted`, with the entries' previews. */
const removal = (previews: Record<string, unknown> = deletePreviewChanges(both)) => {
  const { message: _text, ...envelope } = storedMessage(alice, bob);
  return { [message]: { ...envelope, createdAt: sentAt, deleted: true }, ...previews };
};

const reactionTarget: ReactionTarget = {
  kind: 'direct',
  conversationId: conversationId,
  authorId: alice,
  reactorId: bob,
  messageId: msgId,
  emoji: '👍',
  text: 'see you at 8?',
  isImage: false,
};
/** Bob's reaction to Alice's message with the notice in her entry (or taking it back). */
const react = (on = true, target: Partial<ReactionTarget> = {}) => {
  const t = { ...reactionTarget, ...target };
  return {
    [`sendMessage/${conversationId}/${t.messageId}/reactions/${t.emoji}/${t.reactorId}`]: on
      ? SERVER_TIME
      : null,
    ...reactionEntryChanges(t, on, SERVER_TIME),
  };
};
const notice = `${entry(alice)}/reaction`;

describe('an edit of the last message', () => {
  beforeEach(() => seed(conversation()));

  it("lets the sender write the new preview into both friends' entries, or either", async () => {
    await assertSucceeds(write(alice, edit('see you at 9?')));
    expect(await entryOf(bob)).toMatchObject({ unread: 1, lastText: 'see you at 9?' });
    expect(await entryOf(alice)).toMatchObject({ lastText: 'see you at 9?', lastMessageId: msgId });
    await assertSucceeds(write(alice, edit('at 10', editPreviewChanges(only(bob), 'at 10'))));
    await assertSucceeds(write(alice, edit('at 11', editPreviewChanges(only(alice), 'at 11'))));
  });

  it('keeps a long preview to the first 100 characters', async () => {
    const long = 'x'.repeat(300);
    await assertSucceeds(write(alice, edit(long)));
    expect((await entryOf(bob)).lastText).toBe('x'.repeat(100));
  });

  it('refuses a forged preview, a preview without an edit, or with anything else changed', async () => {
    await assertFails(write(alice, edit('at 9', editPreviewChanges(both, 'something else'))));
    await assertFails(write(alice, edit('at 9', editPreviewChanges(both, 'at'))));
    await assertFails(write(alice, editPreviewChanges(both, 'see you')));
    await assertFails(write(alice, { ...edit('at 9'), [`${entry(bob)}/unread`]: 0 }));
    await assertFails(write(alice, { ...edit('at 9'), [`${entry(bob)}/unread`]: increment(1) }));
    await assertFails(write(alice, { ...edit('at 9'), [`${entry(bob)}/lastAt`]: SERVER_TIME }));
    await assertFails(write(alice, { ...edit('at 9'), [`${entry(bob)}/lastKind`]: 'image' }));
    await assertFails(write(alice, { ...edit('at 9'), [`${entry(bob)}/lastSenderId`]: bob }));
  });

  it('refuses a preview from anyone but the sender', async () => {
    // Bob (the receiver) and Carol (a stranger) rewriting Alice's preview, even with the edit.
    await assertFails(write(bob, edit('at 9')));
    await assertFails(write(bob, edit('at 9', editPreviewChanges(only(bob), 'at 9'))));
    await assertFails(write(carol, edit('at 9', editPreviewChanges(only(bob), 'at 9'))));
  });

  it('refuses a preview for an entry that names another message', async () => {
    await seed({
      [`sendMessage/${conversationId}/-Nm2`]: {
        ...storedMessage(bob, alice, 'ok'),
        createdAt: 2000,
      },
      [`${entry(bob)}/lastMessageId`]: '-Nm2',
    });
    await assertFails(write(alice, edit('at 9')));
    await assertSucceeds(write(alice, edit('at 9', editPreviewChanges(only(alice), 'at 9'))));
  });

  it('refuses a preview across a block (the friendship is gone)', async () => {
    await seed({ ...blocked, [`friendList/${conversationId}`]: null });
    await assertFails(write(alice, edit('at 9', editPreviewChanges(only(bob), 'at 9'))));
  });
});

describe('a delete for everyone of the last message', () => {
  beforeEach(() => seed(conversation()));

  it("lets the sender mark both friends' entries deleted, count untouched", async () => {
    await assertSucceeds(write(alice, removal()));
    expect(await entryOf(bob)).toMatchObject({
      unread: 1,
      lastMessageId: msgId,
      lastKind: 'deleted',
      lastText: '',
    });
    expect(await entryOf(alice)).toMatchObject({ lastKind: 'deleted', lastText: '' });
  });

  it('refuses the mark without the delete, with words, or from anyone but the sender', async () => {
    await assertFails(write(alice, deletePreviewChanges(both)));
    await assertFails(write(alice, { ...removal(), [`${entry(bob)}/lastText`]: 'gone' }));
    await assertFails(write(alice, { ...removal(), [`${entry(bob)}/unread`]: 0 }));
    await assertFails(write(alice, { [`${entry(bob)}/lastText`]: '' }));
    await assertFails(write(bob, removal(deletePreviewChanges(only(bob)))));
    await assertFails(write(carol, removal(deletePreviewChanges(only(bob)))));
  });

  it('refuses the mark for an entry that names another message', async () => {
    await seed({
      [`sendMessage/${conversationId}/-Nm2`]: {
        ...storedMessage(bob, alice, 'ok'),
        createdAt: 2000,
      },
      [`${entry(bob)}/lastMessageId`]: '-Nm2',
    });
    await assertFails(write(alice, removal()));
  });

  it('refuses marking an already deleted message again', async () => {
    await seed({ [`${message}/deleted`]: true });
    await assertFails(write(alice, removal()));
  });

  it('still counts a new message into a deleted entry', async () => {
    await assertSucceeds(write(alice, removal()));
    await assertSucceeds(write(alice, send(alice, bob, '-Nm3', 'sorry')));
    expect(await entryOf(bob)).toMatchObject({ unread: 2, lastKind: 'text', lastText: 'sorry' });
  });
});

describe('a reaction notice', () => {
  beforeEach(() => seed(conversation()));

  it("lets the reactor write it into the author's entry, count and last message untouched", async () => {
    await assertSucceeds(write(bob, react()));
    const mine = await entryOf(alice);
    expect(mine).toMatchObject({ lastMessageId: msgId, lastText: 'see you at 8?' });
    expect(mine.unread).toBeUndefined();
    expect(mine.reaction).toMatchObject({
      by: bob,
      emoji: '👍',
      messageId: msgId,
      text: 'see you at 8?',
      kind: 'text',
    });
    // Another emoji replaces it; taking a reaction back removes it.
    await assertSucceeds(write(bob, react(true, { emoji: '❤️' })));
    await assertSucceeds(write(bob, react(false, { emoji: '❤️' })));
    expect((await entryOf(alice)).reaction).toBeUndefined();
  });

  it('lets a reaction be taken back when the notice is already gone', async () => {
    await assertSucceeds(write(bob, react(false)));
    await seed({ [entry(alice)]: null });
    await assertSucceeds(write(bob, react(false)));
  });

  it('names a photo by its kind, without words', async () => {
    await seed({ [`${message}/kind`]: 'image', [`${message}/imageId`]: msgId });
    await assertFails(write(bob, react()));
    await assertSucceeds(write(bob, react(true, { isImage: true })));
    expect((await entryOf(alice)).reaction).toMatchObject({ kind: 'image', text: '' });
  });

  it('refuses a notice without its reaction, or for an older reaction', async () => {
    await assertFails(write(bob, reactionEntryChanges(reactionTarget, true, SERVER_TIME)));
    await seed({ [`${message}/reactions/👍/${bob}`]: 1000 });
    await assertFails(write(bob, reactionEntryChanges(reactionTarget, true, SERVER_TIME)));
    // The reaction is another emoji than the notice says.
    await assertFails(
      write(bob, {
        [`${message}/reactions/😂/${bob}`]: SERVER_TIME,
        ...reactionEntryChanges(reactionTarget, true, SERVER_TIME),
      }),
    );
  });

  it('refuses a forged text, time, author, reactor or kind', async () => {
    await assertFails(write(bob, react(true, { text: 'I hate you' })));
    await assertFails(write(bob, react(true, { text: 'see' })));
    await assertFails(write(bob, react(true, { isImage: true })));
    const forged = (fields: Record<string, unknown>) => {
      const update = react();
      return { ...update, [notice]: { ...(update[notice] as object), ...fields } };
    };
    await assertFails(write(bob, forged({ at: 1000 })));
    await assertFails(write(bob, forged({ by: carol })));
    await assertFails(write(bob, forged({ messageId: '-Nold' })));
    await assertFails(write(bob, forged({ extra: 1 })));
    // Bob's notice about his own message, written into Alice's entry.
    await seed({ [`sendMessage/${conversationId}/-Nm2`]: { ...storedMessage(bob, alice, 'ok') } });
    await assertFails(
      write(bob, {
        [`sendMessage/${conversationId}/-Nm2/reactions/👍/${bob}`]: SERVER_TIME,
        [notice]: {
          by: bob,
          emoji: '👍',
          messageId: '-Nm2',
          text: 'ok',
          kind: 'text',
          at: SERVER_TIME,
        },
      }),
    );
  });

  it('refuses raising the count or touching the last message with it', async () => {
    await assertFails(write(bob, { ...react(), [`${entry(alice)}/unread`]: increment(1) }));
    await assertFails(write(bob, { ...react(), [`${entry(alice)}/lastText`]: 'hm' }));
    await assertFails(write(bob, { ...react(), [`${entry(alice)}/lastAt`]: SERVER_TIME }));
  });

  it("refuses a notice in my own entry, in a stranger's name, or across a block", async () => {
    // Alice reacting to her own message has no notice to write; she cannot fake one either.
    await assertFails(write(alice, react(true, { reactorId: alice, authorId: bob })));
    await assertFails(
      write(alice, {
        [`${message}/reactions/👍/${alice}`]: SERVER_TIME,
        [notice]: {
          by: alice,
          emoji: '👍',
          messageId: msgId,
          text: 'see you at 8?',
          kind: 'text',
          at: SERVER_TIME,
        },
      }),
    );
    await assertFails(write(carol, react(true, { reactorId: carol })));
    await seed({ ...blocked, [`friendList/${conversationId}`]: null });
    await assertFails(write(bob, react()));
  });

  it('lets the owner keep it through a reset and a send of their own, or remove it', async () => {
    await assertSucceeds(write(bob, react()));
    await assertSucceeds(
      write(alice, { [`${entry(alice)}/unread`]: 0, [`${entry(alice)}/lastMessageId`]: msgId }),
    );
    await assertSucceeds(write(alice, send(alice, bob, '-Nm5', 'and?')));
    expect((await entryOf(alice)).reaction).toMatchObject({ by: bob });
    await assertSucceeds(write(bob, send(bob, alice, '-Nm6', 'yes')));
    expect(await entryOf(alice)).toMatchObject({ unread: 1, reaction: { by: bob } });
    await assertSucceeds(write(alice, { [notice]: null }));
    expect((await entryOf(alice)).reaction).toBeUndefined();
  });
});
