// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { editWrite, isReactionKey, reactWrite, removeWrite } from './actions-write';
import { parseGroupMessage } from './group-message';
import { parseDirectMessage, type ConversationMessage } from './message';
import { directSendWrite, groupSendWrite } from './send-write';

const now = { '.sv': 'timestamp' };
const server = { now, plusOne: { '.sv': { increment: 1 } } };
const envelope = {
  messagesenderId: 'alice',
  massagesenderName: 'Alice',
  messagereceiverId: 'bob',
  messagereceiverName: 'Bob',
  createdAt: 5,
};
/** The same envelope as the parser names it. */
const named = {
  senderId: 'alice',
  senderName: 'Alice',
  receiverId: 'bob',
  receiverName: 'Bob',
  createdAt: 5,
};
const text: ConversationMessage = { id: 'm1', text: 'see you at 8?', ...named };
const photo: ConversationMessage = {
  ...text,
  id: 'm2',
  text: '📷 Photo',
  image: { id: 'm2', width: 10, height: 10, caption: '' },
};
/** A delete's writes at `path`: `deleted`, every content field gone, the envelope untouched. */
const removed = (path: string) => ({
  [`${path}/deleted`]: true,
  [`${path}/deletedAt`]: now,
  [`${path}/message`]: null,
  [`${path}/kind`]: null,
  [`${path}/imageId`]: null,
  [`${path}/width`]: null,
  [`${path}/height`]: null,
  [`${path}/caption`]: null,
  [`${path}/fileId`]: null,
  [`${path}/file`]: null,
  [`${path}/replyTo`]: null,
  [`${path}/forwarded`]: null,
  [`${path}/mentions`]: null,
  [`${path}/editedAt`]: null,
  [`${path}/reactions`]: null,
});
const direct = {
  kind: 'direct' as const,
  conversationId: 'r1',
  me: 'alice',
  everyone: ['alice', 'bob'],
};
const group = {
  kind: 'group' as const,
  conversationId: 'g1',
  me: 'alice',
  everyone: ['alice', 'bob', 'carol'],
};

describe('parsing the message actions fields', () => {
  it('reads reply, forward, mentions, edit time and reactions, 1:1 and group', () => {
    const stored = {
      ...envelope,
      message: 'hi',
      replyTo: 'm0',
      forwarded: true,
      editedAt: 7,
      reactions: { '👍': { bob: 6, carol: 'x' }, '😂': {} },
    };
    expect(parseDirectMessage('m1', stored)).toEqual({
      id: 'm1',
      ...named,
      text: 'hi',
      replyTo: 'm0',
      forwarded: true,
      editedAt: 7,
      reactions: { '👍': { bob: 6 } },
    });
    const posted = { message: 'hi @Bob', senderId: 'alice', senderName: 'Alice', createdAt: 5 };
    expect(
      parseGroupMessage('g1', 'm1', { ...posted, mentions: { carol: true, bob: true, x: 1 } }),
    ).toMatchObject({ mentions: ['bob', 'carol'] });
  });

  it('reads a deleted message as its envelope, no text, no image', () => {
    expect(parseDirectMessage('m1', { ...envelope, deleted: true })).toEqual({
      id: 'm1',
      ...named,
      text: '',
      deleted: true,
    });
    const deleted = { senderId: 'alice', senderName: 'Alice', createdAt: 5, deleted: true };
    expect(parseGroupMessage('g1', 'm1', deleted)).toMatchObject({
      text: '',
      deleted: true,
    });
    expect(parseGroupMessage('g1', 'm1', { ...deleted, deleted: false })).toBeNull();
  });
});

describe('the actions’ root updates', () => {
  it('sends the extras with the message; mentions in groups only, plus extra paths', () => {
    const extras = { replyTo: 'm0', forwarded: true as const, mentions: ['bob'] };
    const parties = {
      conversationId: 'r1',
      from: { uid: 'alice', name: 'Alice' },
      to: { uid: 'bob', name: 'Bob' },
    };
    expect(directSendWrite(parties, 'm1', 'hi', server, extras)['sendMessage/r1/m1']).toEqual({
      message: 'hi',
      ...envelope,
      createdAt: now,
      replyTo: 'm0',
      forwarded: true,
    });
    const groupParties = { groupId: 'g1', from: { uid: 'alice', name: 'Alice' }, to: ['bob'] };
    expect(
      groupSendWrite(groupParties, 'm1', 'hi', server, undefined, extras)['groupMessages/g1/m1'],
    ).toMatchObject({ mentions: { bob: true }, replyTo: 'm0', forwarded: true });
  });

  it('edits the text and, for the last message, every party’s preview', () => {
    expect(editWrite(direct, text, 'at 9', false, now)).toEqual({
      'sendMessage/r1/m1/message': 'at 9',
      'sendMessage/r1/m1/editedAt': now,
    });
    expect(editWrite(group, text, 'at 9', true, now)).toEqual({
      'groupMessages/g1/m1/message': 'at 9',
      'groupMessages/g1/m1/editedAt': now,
      'groupInbox/alice/g1/lastText': 'at 9',
      'groupInbox/bob/g1/lastText': 'at 9',
      'groupInbox/carol/g1/lastText': 'at 9',
    });
  });

  it('deletes to the envelope, removes a photo’s bytes and the last preview', () => {
    expect(removeWrite(direct, photo, true, now)).toEqual({
      ...removed('sendMessage/r1/m2'),
      'chatImages/r1/m2': null,
      'inbox/alice/r1/lastKind': 'deleted',
      'inbox/alice/r1/lastText': '',
      'inbox/bob/r1/lastKind': 'deleted',
      'inbox/bob/r1/lastText': '',
    });
    expect(removeWrite(group, text, false, now)).toEqual(removed('groupMessages/g1/m1'));
  });

  it('deletes a file message with its chunks', () => {
    const file = {
      ...text,
      id: 'm3',
      file: { id: 'm3', kind: 'voice' as const, stored: '{}', descriptor: null },
    };
    expect(removeWrite(group, file, false, now)).toEqual({
      ...removed('groupMessages/g1/m3'),
      'groupFiles/g1/m3': null,
    });
  });

  it('reacts as me, telling the author unless it is mine; takes back the 1:1 notice', () => {
    const bobs = { ...text, senderId: 'bob' };
    expect(reactWrite(direct, bobs, '👍', true, now)).toEqual({
      'sendMessage/r1/m1/reactions/👍/alice': now,
      'inbox/bob/r1/reaction': {
        by: 'alice',
        emoji: '👍',
        messageId: 'm1',
        text: 'see you at 8?',
        kind: 'text',
        at: now,
      },
    });
    expect(reactWrite(group, { ...photo, senderId: 'bob' }, '❤️', true, now)).toMatchObject({
      'groupInbox/bob/g1/reaction': { text: '', kind: 'image' },
    });
    expect(reactWrite(direct, text, '👍', true, now)).toEqual({
      'sendMessage/r1/m1/reactions/👍/alice': now,
    });
    expect(reactWrite(direct, bobs, '👍', false, now)).toEqual({
      'sendMessage/r1/m1/reactions/👍/alice': null,
      'inbox/bob/r1/reaction': null,
    });
    expect(reactWrite(group, bobs, '👍', false, now)).toEqual({
      'groupMessages/g1/m1/reactions/👍/alice': null,
    });
  });

  it('takes only emoji-like keys', () => {
    for (const ok of ['👍', '❤️', '👨‍👩‍👧', '🇫🇷', '+']) expect(isReactionKey(ok)).toBe(true);
    for (const bad of ['', 'a', '1', ' 👍', 'x'.repeat(33), '.', '/', '#', '$', '[', '\u0001'])
      expect(isReactionKey(bad)).toBe(false);
    expect(() => reactWrite(direct, text, 'lol', true, now)).toThrow(/cannot be a reaction/);
  });
});
