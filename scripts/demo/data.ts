/**
 * The demo database that `npm start` seeds: every dashboard panel has something in it for every
 * demo user, and the first user (Alice) sees each relationship state at once: friends, requests
 * both ways, a block by her and one against her, a stranger to 'Add', groups she runs (with
 * members, an invitation out and a join request in), and groups by others that invite her, have
 * her as a member, wait for her request, or are open to join. Records follow the rules' shapes
 * (docs/data-model.md), so the app can act on them as on its own writes.
 */
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { conversationEntries, conversations } from './conversations';
import { demoGroupMessageEntries } from './group-messages';
import { demoImageEntries } from './images';
import { demoFileEntries } from './files';
import { demoNotificationEntries } from './notifications';
import { demoSearchHistory } from './search-history';
import { blockRecord, profileEntries, relationRecord } from '../seed-records';

export interface DemoUser {
  uid: string;
  username: string;
  email: string;
}

const MINUTE = 60_000;
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** A 20-character id shaped like a push id (time first), deterministic for a given input. */
export function demoPushId(time: number, counter: number): string {
  let id = '';
  let rest = time;
  for (let i = 0; i < 8; i++) {
    id = PUSH_CHARS.charAt(rest % 64) + id;
    rest = Math.floor(rest / 64);
  }
  let tail = counter;
  for (let i = 0; i < 12; i++) {
    id += PUSH_CHARS.charAt(tail % 64);
    tail = Math.floor(tail / 64);
  }
  return id;
}

/** Index pairs into the user list: [a, b] means a acted towards b. */
const friendships: Array<[number, number]> = [
  [0, 1],
  [2, 0],
  [0, 4],
  [1, 2],
  [5, 6],
  [3, 7],
  [8, 9],
  [6, 7],
];
const requests: Array<[number, number]> = [
  [6, 0],
  [7, 0],
  [0, 8],
  [9, 1],
  [3, 2],
  [4, 5],
];
/** [blocker, blocked]: they were friends first. */
const blocks: Array<[number, number]> = [
  [0, 5],
  [9, 0],
];

interface DemoGroup {
  admin: number;
  name: string;
  tag: string;
  members: number[];
  invited: number[];
  requested: number[];
}

const groups: DemoGroup[] = [
  {
    admin: 0,
    name: 'Weekend Hikers',
    tag: 'Up a hill every Saturday',
    members: [1, 2],
    invited: [4],
    requested: [3],
  },
  {
    admin: 0,
    name: 'Book Club',
    tag: 'One chapter a week',
    members: [4],
    invited: [],
    requested: [],
  },
  {
    admin: 1,
    name: 'Board Games',
    tag: 'Catan on Friday nights',
    members: [2],
    invited: [0],
    requested: [],
  },
  {
    admin: 2,
    name: 'Photography',
    tag: 'Golden hour walks',
    members: [0, 1],
    invited: [],
    requested: [9],
  },
  {
    admin: 6,
    name: 'Running Crew',
    tag: '5k before work',
    members: [5, 7],
    invited: [],
    requested: [],
  },
  {
    admin: 7,
    name: 'Jazz Nights',
    tag: 'Live sets downtown',
    members: [3],
    invited: [],
    requested: [0],
  },
  {
    admin: 3,
    name: 'Cooking Lab',
    tag: 'Pasta from scratch',
    members: [7],
    invited: [],
    requested: [],
  },
];

export function buildDemoData(users: DemoUser[], now: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let counter = 0;
  const id = (minutesAgo: number) => demoPushId(now - minutesAgo * MINUTE, counter++);
  const user = (index: number): DemoUser | undefined => users.at(index);

  for (const u of users) Object.assign(data, profileEntries(u));

  const relation = (a: DemoUser, b: DemoUser, minutesAgo: number) => {
    const conversationId = id(minutesAgo);
    data[`pairs/${pairKey(a.uid, b.uid)}`] = conversationId;
    return { conversationId, record: relationRecord(a, b) };
  };

  const friendIds = new Map<string, string>();
  const friends: Array<{ conversationId: string; people: [DemoUser, DemoUser] }> = [];
  friendships.forEach(([from, to], i) => {
    const a = user(from);
    const b = user(to);
    if (!a || !b) return;
    const { conversationId, record } = relation(a, b, 3000 - i * 60);
    data[`friendList/${conversationId}`] = record;
    friendIds.set(pairKey(a.uid, b.uid), conversationId);
    friends.push({ conversationId, people: [a, b] });
  });
  requests.forEach(([from, to], i) => {
    const a = user(from);
    const b = user(to);
    if (!a || !b) return;
    const { conversationId, record } = relation(a, b, 300 - i * 30);
    data[`friendRequest/${conversationId}`] = record;
  });
  blocks.forEach(([by, blocked], i) => {
    const a = user(by);
    const b = user(blocked);
    if (!a || !b) return;
    const { conversationId } = relation(a, b, 2000 - i * 60);
    data[`block/${conversationId}`] = blockRecord(a, b);
  });

  groups.forEach((group, i) => {
    const admin = user(group.admin);
    if (!admin) return;
    const groupId = id(1500 - i * 90);
    data[`Mygroup/${groupId}`] = {
      adminId: admin.uid,
      adminName: admin.username,
      groupName: group.name,
      groupTag: group.tag,
    };
    const place = (indices: number[], status: string) => {
      for (const index of indices) {
        const person = user(index);
        if (!person || person.uid === admin.uid) continue;
        data[`groupMembership/${groupId}/${person.uid}`] = {
          status,
          username: person.username,
          at: now - (1000 - i * 60) * MINUTE,
        };
        data[`userGroups/${person.uid}/${groupId}`] = status;
      }
    };
    place(group.members, 'member');
    place(group.invited, 'invited');
    place(group.requested, 'requested');
  });

  // Conversations with the inbox entries and read markers the app's sends would have written.
  for (const conversation of conversations) {
    const [a, b] = conversation.between.map(user);
    if (!a || !b) continue;
    const conversationId = friendIds.get(pairKey(a.uid, b.uid));
    if (!conversationId) continue;
    const nextId = (time: number) => demoPushId(time, counter++);
    Object.assign(data, conversationEntries(conversation, [a, b], conversationId, now, nextId));
  }
  // A photo in two of them (scripts/demo/images.ts).
  Object.assign(
    data,
    demoImageEntries(data, (time) => demoPushId(time, counter++)),
  );

  // A voice message and a PDF from Alice to Bob (scripts/demo/files.ts).
  const [first, second] = [user(0), user(1)];
  if (first && second) {
    Object.assign(
      data,
      demoFileEntries(data, first.uid, second.uid, (time) => demoPushId(time, counter++)),
    );
  }

  // Group conversations (scripts/demo/group-messages.ts).
  Object.assign(
    data,
    demoGroupMessageEntries(data, now, (time) => demoPushId(time, counter++)),
  );

  // The first user's list arranged: Bob pinned, Erin muted, a group archived, a draft.
  const me = user(0);
  const relOf = (index: number) => {
    const other = user(index);
    return me && other ? friendIds.get(pairKey(me.uid, other.uid)) : undefined;
  };
  const [bob, carol, erin] = [relOf(1), relOf(2), relOf(4)];
  if (me && bob && carol && erin) {
    data[`inboxPrefs/${me.uid}/pins`] = [`d:${bob}`];
    data[`inboxPrefs/${me.uid}/direct/${erin}`] = { mutedUntil: 'always' };
    const group = Object.keys(data)
      .find((key) => key.startsWith(`groupInbox/${me.uid}/`))
      ?.split('/')[2];
    if (group) data[`inboxPrefs/${me.uid}/group/${group}`] = { archivedAt: now + 1 };
    data[`drafts/${me.uid}/direct/${carol}`] = { text: "Sounds good, I'll bring the", at: now };
    // Carol (at home on instance 1 over two instances) keeps Alice's conversation on top.
    const carolUser = user(2);
    if (carolUser) data[`inboxPrefs/${carolUser.uid}/pins`] = [`d:${carol}`];
  }

  // Weeks of older messages in every friendship, worth searching (scripts/demo/search-history.ts).
  Object.assign(
    data,
    demoSearchHistory(data, friends, now, (time) => demoPushId(time, counter++)),
  );

  // Notification feeds (scripts/demo/notifications.ts), from what is above.
  Object.assign(
    data,
    demoNotificationEntries(data, now, (time) => demoPushId(time, counter++)),
  );
  return data;
}
