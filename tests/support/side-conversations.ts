/**
 * Side conversations (issue #43 part 1): the browser suites' people each also talk with a
 * fixture friend at home on another database instance than theirs, so every suite runs with
 * the app reading people's conversations across instances. Placed as the app places one: the
 * friend's home, the friendship, its pair claim and its placement (on the sender's home, as the
 * accept writes it) on the directory; the message with both inbox entries and the friend's read
 * marker on the conversation's instance; the rules' mirrors copied there by the mirror process,
 * which the fixture waits for (mirrored.ts).
 */
import { dbRest } from '../../scripts/stack/admin';
import { instanceTarget } from '../../scripts/stack/instances';
import { profileEntries, relationRecord } from '../../scripts/seed-records';
import { demoPushId } from '../../scripts/demo/data';
import {
  directSendWrite,
  type ServerValues,
} from '../../src/lib/firebase/conversations/send-write';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { adminGet, adminUpdate, getBackend } from './backend';
import { placementsMirrored } from './mirrored';

interface Named {
  uid: string;
  username: string;
}

/** The fixture friends' names: none is a name, or part of one, that a suite looks for. */
const SIDE_NAMES = ['Quentin', 'Rosalind', 'Ulrich', 'Wilhelmina', 'Xavier', 'Yolanda'];
/** Whether `name` is a fixture friend's: lists a suite compares whole leave them out. */
export const isSideFriend = (name: string | null) => SIDE_NAMES.includes(name ?? '');
/**
 * What a side conversation adds to its person's unread total (the Messages link, the title,
 * the favicon): suites that read a total count it in.
 */
export const SIDE_UNREAD = 1;
/** The side message is an hour old: the conversation under test sorts above it once it talks. */
const SIDE_AGE_MS = 60 * 60_000;

/** What a side conversation is: its id and instance, the fixture friend and the words sent. */
interface SideConversation {
  conversationId: string;
  instance: number;
  friend: Named;
  text: string;
}

const given = new Map<string, SideConversation>();
let made = 0;

/** The instance away from `home`: 1 from the directory, the directory from any other. */
function awayFrom(home: number): number {
  if (getBackend().instances < 2) return 0;
  return home === 0 ? 1 : 0;
}

const targetOf = (instance: number) => instanceTarget(getBackend(), instance);

/** Polls until the mirror process copied what the instance's rules read for `side`. */
const mirrored = (side: SideConversation) =>
  placementsMirrored([
    { path: `placement/direct/${side.conversationId}`, instance: side.instance },
  ]);

/** The instance away from `person`'s home (an absent home is the directory's). */
async function awayFromHome(person: Named): Promise<number> {
  const home = await adminGet(`homes/${person.uid}`);
  return awayFrom(typeof home === 'number' ? home : 0);
}

/**
 * Gives each of `people` who has none yet a side conversation: a fixture friend at home on the
 * instance `where` says (by default the one away from the person's home) sent them one
 * message, unread, in a conversation placed there.
 */
export async function giveSideConversations(
  people: readonly Named[],
  where: (person: Named) => Promise<number> | number = awayFromHome,
): Promise<void> {
  const fresh = people.filter((person) => !given.has(person.uid));
  const sides = await Promise.all(
    fresh.map(async (person) => placeSide(person, await where(person))),
  );
  await Promise.all(sides.map(mirrored));
}

async function placeSide(person: Named, instance: number): Promise<SideConversation> {
  const n = made++;
  const at = Date.now() - SIDE_AGE_MS;
  const friend = {
    uid: `side${demoPushId(at, n).slice(1)}`,
    username: SIDE_NAMES[n % SIDE_NAMES.length] ?? 'Quentin',
  };
  const conversationId = demoPushId(at, n);
  const text = `Postcard for ${person.username} from instance ${String(instance)}`;
  const side = { conversationId, instance, friend, text };
  given.set(person.uid, side);
  // The conversation's records first, then the directory's in one write: no placement ever
  // names an instance that does not hold its conversation yet.
  const messageId = demoPushId(at, n + 1_000_000);
  const plain = { now: at, plusOne: SIDE_UNREAD } as unknown as ServerValues;
  const parties = {
    conversationId,
    from: { uid: friend.uid, name: friend.username },
    to: { uid: person.uid, name: person.username },
  };
  await dbRest(targetOf(instance), 'PATCH', '/', {
    ...directSendWrite(parties, messageId, text, plain),
    [`reads/${conversationId}/${friend.uid}`]: { at, messageId },
  });
  await adminUpdate({
    ...profileEntries({ ...friend, email: `${friend.uid.toLowerCase()}@example.com` }),
    [`homes/${friend.uid}`]: instance,
    [`friendList/${conversationId}`]: relationRecord(friend, person),
    [`pairs/${pairKey(friend.uid, person.uid)}`]: conversationId,
    [`placement/direct/${conversationId}`]: { instance, state: 'live' },
  });
  return side;
}
