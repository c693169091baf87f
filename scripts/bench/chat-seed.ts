/**
 * The chat bench's people: one sender with two friends, a short conversation with one and a
 * long one with the other, written as the app writes them (admin REST, in batches).
 */
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { demoPushId } from '../demo/data';
import { relationRecord } from '../seed-records';
import { dbRest, type AdminTarget } from '../stack/admin';
import { conversation, createAccount, writeInBatches, type Person } from './seed';

/** A friend of `me` and our conversation (its friendship id, its seeded message count). */
export interface ChatWith {
  friend: Person;
  conversationId: string;
  messages: number;
  /** A text of the newest message, set by each bench that wrote to it after the seeding. */
  newest?: string;
}

/** A text only the conversation's newest message has: what opening it waits to see. */
export const newestText = (chat: ChatWith): string =>
  chat.newest ?? `Message ${String(chat.messages - 1)} from`;

export interface ChatPeople {
  me: Person;
  short: ChatWith;
  long: ChatWith;
}

let counter = 0;
const conversationIdAt = (time: number) => demoPushId(time, 900_000 + counter++);

export async function befriend(target: AdminTarget, me: Person, friend: Person): Promise<string> {
  const conversationId = conversationIdAt(Date.now() - 86_400_000);
  await dbRest(target, 'PATCH', '/', {
    [`friendList/${conversationId}`]: relationRecord(me, friend),
    [`pairs/${pairKey(me.uid, friend.uid)}`]: conversationId,
  });
  return conversationId;
}

export async function seedChats(
  target: AdminTarget,
  sizes: { short: number; long: number },
): Promise<ChatPeople> {
  const me = await createAccount(target, 'Chat Sender');
  const shortFriend = await createAccount(target, 'Short Chat');
  const longFriend = await createAccount(target, 'Long Chat');
  const shortRel = await befriend(target, me, shortFriend);
  const longRel = await befriend(target, me, longFriend);
  await writeInBatches(target, conversation(shortRel, me, shortFriend, sizes.short));
  await writeInBatches(target, conversation(longRel, me, longFriend, sizes.long));
  return {
    me,
    short: { friend: shortFriend, conversationId: shortRel, messages: sizes.short },
    long: { friend: longFriend, conversationId: longRel, messages: sizes.long },
  };
}
