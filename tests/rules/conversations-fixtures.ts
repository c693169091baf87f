import {
  editWrite,
  reactWrite,
  removeWrite,
  type ActionScope,
} from '../../src/lib/firebase/conversations/actions-write';
import { parseGroupMessage } from '../../src/lib/firebase/conversations/group-message';
import {
  parseDirectMessage,
  type ConversationMessage,
} from '../../src/lib/firebase/conversations/message';
import { alice, befriended, bob, carol, conversationId } from './friends-fixtures';
import { groupId, groupWorld } from './groups-fixtures';
import { storedEntry } from './inbox-fixtures';
import { SERVER_TIME } from './rules-env';

/** Message actions: a friendship (Alice–Bob) and a group (Alice runs it, Bob and Carol). */
export const MINUTE = 60_000;

/** Alice's (or `from`'s) 1:1 message, stored `ageMs` ago. */
export const directMessage = (from = alice, ageMs = 1000, extra: Record<string, unknown> = {}) => {
  const to = from === alice ? bob : alice;
  const name = (uid: string) => (uid === alice ? 'Alice' : 'Bob');
  return {
    message: 'see you at 8?',
    messagesenderId: from,
    massagesenderName: name(from),
    messagereceiverId: to,
    messagereceiverName: name(to),
    createdAt: Date.now() - ageMs,
    ...extra,
  };
};

/** `from`'s group message, stored `ageMs` ago. */
export const groupMessage = (from = alice, ageMs = 1000, extra: Record<string, unknown> = {}) => ({
  message: 'who is in?',
  senderId: from,
  senderName: from === alice ? 'Alice' : from === bob ? 'Bob' : 'Carol',
  createdAt: Date.now() - ageMs,
  ...extra,
});

export const photoFields = { kind: 'image', width: 10, height: 10, message: '📷 Photo' };
export const photoBytes = {
  full: 'data:image/webp;base64,AA',
  thumb: 'data:image/webp;base64,A',
  createdAt: 1,
};

/** Everyone's entry, naming an older last message so the previews are not involved. */
const entries = {
  [`inbox/${alice}/${conversationId}`]: storedEntry({ lastMessageId: '-Nlast' }),
  [`inbox/${bob}/${conversationId}`]: storedEntry({ lastMessageId: '-Nlast' }),
  ...Object.fromEntries(
    [alice, bob, carol].map((uid) => [
      `groupInbox/${uid}/${groupId}`,
      storedEntry({ lastMessageId: '-Nlast' }),
    ]),
  ),
};

export const world = { ...befriended, ...groupWorld, ...entries };

export const directPath = (id: string) => `sendMessage/${conversationId}/${id}`;
export const groupPath = (id: string) => `groupMessages/${groupId}/${id}`;

export const directScope = (me: string): ActionScope => ({
  kind: 'direct',
  conversationId: conversationId,
  me,
  everyone: [me, me === alice ? bob : alice],
});
export const groupScope = (me: string): ActionScope => ({
  kind: 'group',
  conversationId: groupId,
  me,
  everyone: [me, ...[alice, bob, carol].filter((uid) => uid !== me)],
});

/** A seeded message as the client holds it. */
export const asDirect = (id: string, value: Record<string, unknown>): ConversationMessage => {
  const parsed = parseDirectMessage(id, value);
  if (!parsed) throw new Error('not a message');
  return parsed;
};
export const asGroup = (id: string, value: Record<string, unknown>): ConversationMessage => {
  const parsed = parseGroupMessage(groupId, id, value);
  if (!parsed) throw new Error('not a message');
  return parsed;
};

/** The gateway's writes, not the last message (entries untouched but a reaction's notice). */
export const edit = (scope: ActionScope, m: ConversationMessage, text = 'see you at 9?') =>
  editWrite(scope, m, text, false, SERVER_TIME);
export const remove = (scope: ActionScope, m: ConversationMessage) =>
  removeWrite(scope, m, false, SERVER_TIME);
export const react = (scope: ActionScope, m: ConversationMessage, emoji = '👍', on = true) =>
  reactWrite(scope, m, emoji, on, SERVER_TIME);
