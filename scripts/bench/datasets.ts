/**
 * The two databases the bench compares. Small: the bench user, their 42 relationships and
 * 50 users in all. Large: the same plus thousands more users, other people's friendships with
 * long conversations, and a long conversation of the bench user's own.
 */
import { userRecord } from '../seed-records';
import type { AdminTarget } from '../stack/admin';
import {
  benchRelationships,
  conversation,
  createAccount,
  makePeople,
  othersConversations,
  writeInBatches,
  type Person,
} from './seed';

export const sizes = {
  users: Number(process.env.BENCH_USERS ?? 10_000),
  smallUsers: 50,
  otherPairs: 200,
  messagesPerPair: 100,
  myMessages: 500,
};

export interface Datasets {
  me: Person;
  people: Person[];
  small: { users: number; paths: number; ms: number };
  growLarge(): Promise<{ users: number; messages: number; paths: number; ms: number }>;
}

const usersPaths = (people: Person[]) =>
  Object.fromEntries(people.map((p) => [`users/${p.uid}`, userRecord(p)]));

/** Seeds the small database now; `growLarge()` turns it into the large one. */
export async function seedSmall(target: AdminTarget): Promise<Datasets> {
  const started = Date.now();
  const me = await createAccount(target, 'Bench User');
  const people = makePeople(sizes.users);
  const first = people.slice(0, sizes.smallUsers);
  const { data, conversationId } = benchRelationships(me, first);
  const paths = await writeInBatches(target, { ...usersPaths(first), ...data });
  return {
    me,
    people,
    small: { users: first.length + 1, paths, ms: Date.now() - started },
    async growLarge() {
      const t = Date.now();
      const rest = people.slice(sizes.smallUsers);
      let written = await writeInBatches(target, usersPaths(rest));
      // Other people's friendships are taken from users outside the bench user's circle.
      const strangers = people.slice(2 * sizes.smallUsers);
      written += await writeInBatches(
        target,
        othersConversations(strangers, sizes.otherPairs, sizes.messagesPerPair),
      );
      written += await writeInBatches(
        target,
        conversation(conversationId, me, first[0], sizes.myMessages),
      );
      return {
        users: people.length + 1,
        messages: sizes.otherPairs * sizes.messagesPerPair + sizes.myMessages,
        paths: written,
        ms: Date.now() - t,
      };
    },
  };
}

/** A two-syllable (few matches) and a one-syllable (many) search prefix, with match counts. */
export function searchPrefixes(people: Person[]): Array<{ prefix: string; matches: number }> {
  const count = (prefix: string) =>
    people.filter((p) => p.username.toLowerCase().startsWith(prefix)).length;
  const name = people[0].username.toLowerCase();
  return [name.slice(0, 4), name.slice(0, 2)].map((prefix) => ({
    prefix,
    matches: count(prefix),
  }));
}
