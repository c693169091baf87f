/**
 * Bench data, shaped as docs/data-model.md requires (conversationIds, `pairs` claims, names equal to
 * the `users` records), written with admin REST PATCHes of about a thousand paths each.
 * The small database is the bench user's relationships plus the first 50 users; the large
 * one adds thousands of users and other people's conversations on top of it.
 */
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { demoPushId } from '../demo/data';
import { blockRecord, messageRecord, relationRecord, userRecord } from '../seed-records';
import { createAuthUser, dbRest, type AdminTarget } from '../stack/admin';

export interface Person {
  uid: string;
  username: string;
  email: string;
}

export const benchPassword = 'Bench1234';
export const BATCH = 1000;
/** The bench user's relationships; users[0..] fill them in this order. */
export const shape = { friends: 30, sentRequests: 5, receivedRequests: 5, blocks: 2 };

type Paths = Record<string, unknown>;

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze ba de fi go hu ja ke li mo nu pi'.split(' ');

/** Deterministic, varied names: a two-syllable prefix is shared by about 1 in 400 users. */
export function makePeople(count: number, seed = 7): Person[] {
  // mulberry32: small, deterministic and evenly spread (an LCG's low bits are not).
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const word = [0, 1, 2].map(() => SYLLABLES[next() % SYLLABLES.length]).join('');
    const username = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${String(i)}`;
    const uid = `bench${String(i).padStart(6, '0')}${demoPushId(1_700_000_000_000 + i, i)}`;
    people.push({ uid, username, email: `p${String(i)}@bench.example` });
  }
  return people;
}

/** Writes `paths` as root PATCHes of at most BATCH entries each. */
export async function writeInBatches(target: AdminTarget, paths: Paths): Promise<number> {
  const entries = Object.entries(paths);
  for (let i = 0; i < entries.length; i += BATCH) {
    await dbRest(target, 'PATCH', '/', Object.fromEntries(entries.slice(i, i + BATCH)));
  }
  return entries.length;
}

/** A verified Auth account plus the `users` record registration would write. */
export async function createAccount(target: AdminTarget, username: string): Promise<Person> {
  const email = `${username.toLowerCase().replace(/\s+/g, '.')}@bench.example`;
  const { uid } = await createAuthUser(target, {
    email,
    password: benchPassword,
    displayName: username,
    verified: true,
  });
  const person = { uid, username, email };
  await dbRest(target, 'PUT', `users/${uid}`, userRecord(person));
  return person;
}

let counter = 0;
const now = Date.now();
const newConversationId = () => demoPushId(now - 86_400_000 + counter, counter++);

function relation(data: Paths, kind: 'friendList' | 'friendRequest', a: Person, b: Person) {
  const conversationId = newConversationId();
  data[`pairs/${pairKey(a.uid, b.uid)}`] = conversationId;
  data[`${kind}/${conversationId}`] = relationRecord(a, b);
  return conversationId;
}

function block(data: Paths, by: Person, blocked: Person) {
  const conversationId = newConversationId();
  data[`pairs/${pairKey(by.uid, blocked.uid)}`] = conversationId;
  data[`block/${conversationId}`] = blockRecord(by, blocked);
}

/** Friends, requests both ways and a block each way; returns the first friendship's conversationId. */
export function benchRelationships(
  me: Person,
  people: Person[],
): { data: Paths; conversationId: string } {
  const data: Paths = {};
  const take = (() => {
    let i = 0;
    return () => people[i++];
  })();
  const firstConversationId = relation(data, 'friendList', me, take());
  for (let i = 1; i < shape.friends; i++) {
    const other = take();
    if (i % 2) relation(data, 'friendList', other, me);
    else relation(data, 'friendList', me, other);
  }
  for (let i = 0; i < shape.sentRequests; i++) relation(data, 'friendRequest', me, take());
  for (let i = 0; i < shape.receivedRequests; i++) relation(data, 'friendRequest', take(), me);
  block(data, me, take());
  block(data, take(), me);
  return { data, conversationId: firstConversationId };
}

/** `count` messages in the conversation `conversationId` between a and b, alternating speakers. */
export function conversation(conversationId: string, a: Person, b: Person, count: number): Paths {
  const data: Paths = {};
  const start = now - count * 1000 - 60_000;
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 ? [b, a] : [a, b];
    const createdAt = start + i * 1000;
    const message = `Message ${String(i)} from ${from.username}: lorem ipsum dolor sit amet.`;
    const messageId = demoPushId(createdAt, counter++);
    data[`sendMessage/${conversationId}/${messageId}`] = messageRecord(
      from,
      to,
      message,
      createdAt,
    );
  }
  return data;
}

/** Friendships between other people (pairs taken from `people`), each with a conversation. */
export function othersConversations(people: Person[], pairs: number, perPair: number): Paths {
  const data: Paths = {};
  for (let k = 0; k < pairs; k++) {
    const a = people[2 * k];
    const b = people[2 * k + 1];
    Object.assign(data, conversation(relation(data, 'friendList', a, b), a, b, perPair));
  }
  return data;
}

/** Two verified friends with a conversation path the rules let them both write. */
export async function latencyPair(target: AdminTarget) {
  const a = await createAccount(target, 'Latency Alpha');
  const b = await createAccount(target, 'Latency Beta');
  const data: Paths = {};
  const conversationId = relation(data, 'friendList', a, b);
  await dbRest(target, 'PATCH', '/', data);
  return { a, b, conversationId };
}
