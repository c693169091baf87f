import { previewOf } from '../../src/lib/firebase/inbox/entry';
import { directSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { alice, bob, conversationId } from './friends-fixtures';
import { SERVER_TIME } from './rules-env';

/** The server value `increment(n)` as the SDK sends it. */
export const increment = (n: number) => ({ '.sv': { increment: n } });

const names: Record<string, string> = { [alice]: 'Alice', [bob]: 'Bob' };
const person = (uid: string) => ({ uid, name: names[uid] ?? uid });

/** The app's send: the message and both inbox entries in one root update. */
export function send(from: string, to: string, id: string, text = 'Hi!') {
  const parties = { conversationId, from: person(from), to: person(to) };
  return directSendWrite(parties, id, text, { now: SERVER_TIME, plusOne: increment(1) });
}

/** An entry as stored, for seeding. */
export function storedEntry(fields: Record<string, unknown> = {}) {
  return {
    unread: 2,
    lastMessageId: '-Nold',
    lastSenderId: alice,
    lastText: 'Old news',
    lastKind: 'text',
    lastAt: 1000,
    ...fields,
  };
}

/** A stored message of the conversation (no rules check when seeded). */
export function storedMessage(from: string, to: string, text = 'Old news') {
  return {
    message: text,
    messagesenderId: from,
    massagesenderName: names[from],
    messagereceiverId: to,
    messagereceiverName: names[to],
    createdAt: 1000,
  };
}

/** `update` with the keys under `inbox/{uid}/{conversationId}/` replaced or removed (undefined). */
export function withEntry(
  update: Record<string, unknown>,
  uid: string,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const paths = Object.keys(fields).map((key) => `inbox/${uid}/${conversationId}/${key}`);
  const kept = omit(update, ...paths);
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) kept[`inbox/${uid}/${conversationId}/${key}`] = value;
  }
  return kept;
}

/** `update` without these paths. */
export function omit(update: Record<string, unknown>, ...paths: string[]) {
  return Object.fromEntries(Object.entries(update).filter(([path]) => !paths.includes(path)));
}

/** `update` without any path under `inbox/{uid}`. */
export function withoutEntry(update: Record<string, unknown>, uid: string) {
  return Object.fromEntries(
    Object.entries(update).filter(([path]) => !path.startsWith(`inbox/${uid}/`)),
  );
}

/**
 * `sendMessage/{conversationId}/{id}` = `message` with the receiver's inbox entry that the rules demand
 * beside it, built from the message's own fields (for tests of the message rules themselves).
 */
export function withReceiverEntry(id: string, message: Record<string, unknown> | null) {
  const update: Record<string, unknown> = { [`sendMessage/${conversationId}/${id}`]: message };
  if (!message) return update;
  const entry = `inbox/${String(message.messagereceiverId)}/${conversationId}`;
  const text = message.message;
  Object.assign(update, {
    [`${entry}/unread`]: increment(1),
    [`${entry}/lastMessageId`]: id,
    [`${entry}/lastSenderId`]: message.messagesenderId,
    [`${entry}/lastText`]: typeof text === 'string' ? previewOf(text) : text,
    [`${entry}/lastKind`]: 'text',
    [`${entry}/lastAt`]: SERVER_TIME,
  });
  return update;
}
