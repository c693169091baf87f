import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseGroupMessage } from '../../src/lib/firebase/conversations/group-message';
import {
  parseDirectMessage,
  type ConversationMessage,
} from '../../src/lib/firebase/conversations/message';
import {
  directSendWrite,
  groupSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import {
  coverChanges,
  hideChanges,
  type CoverPlace,
} from '../../src/lib/firebase/conversations/inbox-entry-cover';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { membersWorld } from './groups-fixtures';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// Delete for me of the last message: the owner's `cover` in their own entry says what their row
// shows instead (the message before it, or nothing), on every device of theirs.
const { dbAs, seed, write } = rulesEnvForFile('inbox-cover');

const groupId = '-Ngroup00000000cover';
const server: ServerValues = { now: SERVER_TIME, plusOne: increment(1) };
const sealedText = `s1.${'K'.repeat(20)}.v1.${'I'.repeat(16)}.${'C'.repeat(40)}`;
const before = '-Nm1';
const last = '-Nm2';

/** One kind of conversation as the tests see it: its paths, its stored messages, its send. */
interface Kind {
  name: string;
  kind: 'direct' | 'group';
  id: string;
  world: Record<string, unknown>;
  messages: string;
  entries: string;
  hidden: string;
  /** A stored message of `from` in this conversation's shape. */
  stored: (from: string, text: string, createdAt: number, extra?: object) => object;
  parse: (id: string, value: unknown) => ConversationMessage | null;
  /** `from`'s send of a new message, as the app writes it. */
  send: (from: string, id: string, text: string) => Record<string, unknown>;
}

const names: Record<string, string> = { [alice]: 'Alice', [bob]: 'Bob', [carol]: 'Carol' };

const direct: Kind = {
  name: '1:1',
  kind: 'direct',
  id: conversationId,
  world: befriended,
  messages: `sendMessage/${conversationId}`,
  entries: 'inbox',
  hidden: 'hiddenMessages',
  stored: (from, text, createdAt, extra = {}) => {
    const to = from === alice ? bob : alice;
    return {
      message: text,
      messagesenderId: from,
      massagesenderName: names[from],
      messagereceiverId: to,
      messagereceiverName: names[to],
      createdAt,
      ...extra,
    };
  },
  parse: parseDirectMessage,
  send: (from, id, text) => {
    const to = from === alice ? bob : alice;
    const parties = {
      conversationId,
      from: { uid: from, name: names[from] ?? '' },
      to: { uid: to, name: names[to] ?? '' },
    };
    return directSendWrite(parties, id, text, server);
  },
};

const group: Kind = {
  name: 'group',
  kind: 'group',
  id: groupId,
  world: membersWorld(groupId),
  messages: `groupMessages/${groupId}`,
  entries: 'groupInbox',
  hidden: 'groupHiddenMessages',
  stored: (from, text, createdAt, extra = {}) => ({
    message: text,
    senderId: from,
    senderName: names[from],
    createdAt,
    ...extra,
  }),
  parse: (id, value) => parseGroupMessage(groupId, id, value),
  send: (from, id, text) => {
    const to = [alice, bob, carol].filter((uid) => uid !== from);
    return groupSendWrite(
      { groupId, from: { uid: from, name: names[from] ?? '' }, to },
      id,
      text,
      server,
    );
  },
};

describe.each([direct, group])('$name: the cover of a last message deleted for me', (k) => {
  const entry = (uid: string) => `${k.entries}/${uid}/${k.id}`;
  const coverPath = `${entry(alice)}/cover`;
  const place: CoverPlace = { kind: k.kind, conversationId: k.id, owner: alice };
  const summary = (id: string, sender: string, text: string) => ({
    lastMessageId: id,
    lastSenderId: sender,
    lastText: text,
    lastKind: 'text',
    lastAt: 2000,
  });
  /** Bob's question, then Alice's message that she deletes for herself; both entries name it. */
  const seeded = (first: object = k.stored(bob, 'see you at 8?', 1000)) => ({
    ...k.world,
    [`${k.messages}/${before}`]: first,
    [`${k.messages}/${last}`]: k.stored(alice, 'sent by mistake', 2000),
    [entry(alice)]: summary(last, alice, 'sent by mistake'),
    [entry(bob)]: { unread: 1, ...summary(last, alice, 'sent by mistake') },
  });
  const message = (value: object, id = before) => {
    const parsed = k.parse(id, value);
    if (!parsed) throw new Error('the fixture does not parse');
    return parsed;
  };
  const shownBefore = () => message(k.stored(bob, 'see you at 8?', 1000));
  /** The app's update: the hide and, beside it, the cover (`fields` replace some of it). */
  const hideWithCover = (
    shown: ConversationMessage | null,
    fields: Record<string, unknown> = {},
  ) => {
    const cover = coverChanges(place, { over: last, shown })[coverPath] as object;
    return { ...hideChanges(place, last), [coverPath]: { ...cover, ...fields } };
  };
  const coverOf = async (uid: string) =>
    (
      await dbAs(uid)
        .ref(`${entry(uid)}/cover`)
        .once('value')
    ).val() as unknown;

  describe('allowed', () => {
    beforeEach(() => seed(seeded()));

    it('the owner hides the last message and covers it with the one before, the rest kept', async () => {
      await assertSucceeds(write(alice, hideWithCover(shownBefore())));
      expect(await coverOf(alice)).toEqual({
        over: last,
        messageId: before,
        senderId: bob,
        text: 'see you at 8?',
        kind: 'text',
        at: 1000,
      });
      const mine = (await dbAs(alice).ref(entry(alice)).once('value')).val() as object;
      expect(mine).toMatchObject(summary(last, alice, 'sent by mistake'));
    });

    it('covers with nothing when no message is left to show', async () => {
      await assertSucceeds(write(alice, hideWithCover(null)));
      expect(await coverOf(alice)).toEqual({ over: last });
    });

    it('covers a message hidden earlier, and takes sealed words (the rules cannot read them)', async () => {
      await seed({ [`${k.hidden}/${alice}/${k.id}/${last}`]: true });
      const { [coverPath]: cover } = hideWithCover(shownBefore(), { text: sealedText });
      await assertSucceeds(write(alice, { [coverPath]: cover }));
    });

    it('shows a photo or a deleted message by its kind, with no words', async () => {
      const photo = k.stored(bob, 'Photo', 1000, {
        kind: 'image',
        imageId: before,
        width: 4,
        height: 3,
      });
      await seed(seeded(photo));
      await assertSucceeds(write(alice, hideWithCover(message(photo))));
      expect(await coverOf(alice)).toMatchObject({ kind: 'image', text: '' });
      const { message: _words, ...envelope } = k.stored(bob, '', 1000) as Record<string, unknown>;
      await seed(seeded({ ...envelope, deleted: true }));
      await assertSucceeds(write(alice, hideWithCover(message({ ...envelope, deleted: true }))));
      expect(await coverOf(alice)).toMatchObject({ kind: 'deleted', text: '' });
    });

    it('the owner removes it; a new message from the other person keeps it', async () => {
      await assertSucceeds(write(alice, hideWithCover(shownBefore())));
      await assertSucceeds(write(bob, k.send(bob, '-Nm3', 'are you there?')));
      expect(await coverOf(alice)).toMatchObject({ over: last, messageId: before });
      await assertSucceeds(write(alice, { [coverPath]: null }));
      expect(await coverOf(alice)).toBeNull();
    });
  });

  describe('refused', () => {
    beforeEach(() => seed(seeded()));

    it('to anyone but the owner: writing, changing or removing it', async () => {
      const { [coverPath]: cover } = hideWithCover(shownBefore());
      await assertFails(write(bob, { [coverPath]: cover }));
      await assertFails(write(carol, { [coverPath]: cover }));
      await assertFails(write(null, { [coverPath]: cover }));
      await assertSucceeds(write(alice, hideWithCover(shownBefore())));
      await assertFails(write(bob, { [`${entry(alice)}/cover/text`]: 'you owe me' }));
      await assertFails(write(bob, { [coverPath]: null }));
      await assertFails(write(bob, { ...k.send(bob, '-Nm3', 'hi'), [coverPath]: null }));
      expect(await coverOf(alice)).toMatchObject({ over: last, messageId: before });
    });

    it('over a message the owner has not deleted for themself', async () => {
      const { [`${k.hidden}/${alice}/${k.id}/${last}`]: _hide, ...coverAlone } =
        hideWithCover(shownBefore());
      await assertFails(write(alice, coverAlone));
      await assertFails(write(alice, hideWithCover(null, { over: '-Nm9' })));
    });

    it('showing a message that is not as stored, hidden too, or missing', async () => {
      await assertFails(write(alice, hideWithCover(shownBefore(), { text: 'see you at 9?' })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { senderId: alice })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { at: 999 })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { kind: 'image', text: '' })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { kind: 'deleted', text: '' })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { messageId: '-Nm8' })));
      await assertFails(
        write(alice, {
          ...hideWithCover(shownBefore()),
          [`${k.hidden}/${alice}/${k.id}/${before}`]: true,
        }),
      );
    });

    it('with a partial or unknown field, or beside a change of the entry itself', async () => {
      await assertFails(write(alice, hideWithCover(null, { messageId: before })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { text: null })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { note: 'x' })));
      await assertFails(write(alice, hideWithCover(shownBefore(), { text: 'x'.repeat(101) })));
      await assertFails(
        write(alice, {
          ...hideWithCover(shownBefore()),
          [`${entry(alice)}/lastText`]: 'see you at 8?',
        }),
      );
      await assertFails(
        dbAs(alice, { email_verified: false }).ref().update(hideWithCover(shownBefore())),
      );
    });
  });
});
