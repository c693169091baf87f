/**
 * About `mb` megabytes of the app's own data, shaped as docs/data-model.md says: profiles
 * (`users`, `userPrivate`), friendships (`friendList`, `pairs`), conversations with their
 * messages (`sendMessage`), both parties' inbox entries (`inbox`) and read markers (`reads`).
 * The load bench's users (app-shape.ts) are in it with a history of their own, so their sends
 * land in conversations that already hold pages of messages; the rest belongs to other users.
 * It is produced one top-level key at a time as JSON text, so 60 MB never sits in the bench as
 * objects: loaded through REST (in memory) or written as a plain export (for `--data`).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { nameOf, relOf, uidOf } from './app-shape';

/** Messages already in each load conversation (more than one 50-message page). */
const LOAD_HISTORY = 120;
/** Messages in each other conversation, and how many people they are spread over. */
const OTHER_HISTORY = 200;
const OTHER_USERS = 1000;
/** What one message with its share of the rest costs in JSON, measured on this generator. */
const BYTES_PER_MESSAGE = 300;
const START = 1_700_000_000_000;
const CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

const WORDS =
  'hey ok sure see you tomorrow at the station did you get my photo lunch later sounds good ' +
  'running late sorry the meeting moved to three can you send the file thanks a lot ' +
  'haha that is great let me check and get back to you';

/** A push id as the SDK makes one: 8 characters of time, then 12 that keep ids in order. */
function pushId(time: number, n: number): string {
  let id = '';
  for (let i = 0, t = time; i < 8; i++, t = Math.floor(t / 64)) id = CHARS[t % 64] + id;
  let tail = '';
  for (let i = 0, k = n; i < 12; i++, k = Math.floor(k / 64)) tail = CHARS[k % 64] + tail;
  return id + tail;
}

/** Words of 10 to 220 characters, different for every message. */
function text(seed: number): string {
  const from = (seed * 37) % 120;
  return WORDS.slice(from, from + 10 + ((seed * 53) % 210)).trim() || 'hi';
}

const otherUid = (u: number): string => `user${String(u).padStart(5, '0')}`;
const otherName = (u: number): string => `Person ${u}`;

interface Conversation {
  conversationId: string;
  a: { uid: string; name: string };
  b: { uid: string; name: string };
  messages: number;
}

function conversations(loadUsers: number, mb: number): Conversation[] {
  const list: Conversation[] = [];
  for (let i = 0; i + 1 < loadUsers; i += 2) {
    list.push({
      conversationId: relOf(i),
      a: { uid: uidOf(i), name: nameOf(i) },
      b: { uid: uidOf(i + 1), name: nameOf(i + 1) },
      messages: LOAD_HISTORY,
    });
  }
  const budget = mb * 1024 * 1024 - list.length * LOAD_HISTORY * BYTES_PER_MESSAGE;
  const others = Math.max(0, Math.ceil(budget / (OTHER_HISTORY * BYTES_PER_MESSAGE)));
  for (let k = 0; k < others; k++) {
    // Distinct pairs: the partner's offset grows by one every round of OTHER_USERS.
    const a = k % OTHER_USERS;
    const b = (a + 1 + Math.floor(k / OTHER_USERS)) % OTHER_USERS;
    list.push({
      conversationId: pushId(START - 86_400_000 + k, k),
      a: { uid: otherUid(a), name: otherName(a) },
      b: { uid: otherUid(b), name: otherName(b) },
      messages: OTHER_HISTORY,
    });
  }
  return list;
}

type Entries = Iterable<[string, unknown]>;

function* messagesOf(c: Conversation, seed: number): Iterable<[string, unknown]> {
  for (let m = 0; m < c.messages; m++) {
    const [from, to] = m % 3 === 2 ? [c.b, c.a] : [c.a, c.b];
    yield [
      pushId(START + seed * 1000 + m * 60_000, m),
      {
        message: text(seed + m),
        messagesenderId: from.uid,
        massagesenderName: from.name,
        messagereceiverId: to.uid,
        messagereceiverName: to.name,
        createdAt: START + seed * 1000 + m * 60_000,
      },
    ];
  }
}

function lastOf(c: Conversation, seed: number) {
  const m = c.messages - 1;
  const at = START + seed * 1000 + m * 60_000;
  return {
    lastMessageId: pushId(at, m),
    lastSenderId: m % 3 === 2 ? c.b.uid : c.a.uid,
    lastText: text(seed + m).slice(0, 100),
    lastKind: 'text',
    lastAt: at,
  };
}

/** Every top-level key of the data, each as its children (key, value). */
function* sections(loadUsers: number, mb: number): Iterable<[string, Entries]> {
  const convs = conversations(loadUsers, mb);
  const people = new Map<string, string>();
  for (const c of convs) for (const p of [c.a, c.b]) people.set(p.uid, p.name);
  yield [
    'users',
    (function* () {
      for (const [uid, name] of people)
        yield [uid, { username: name, usernameLower: name.toLowerCase(), photo: '' }];
    })(),
  ];
  yield [
    'userPrivate',
    (function* () {
      for (const uid of people.keys()) yield [uid, { email: `${uid}@example.com` }];
    })(),
  ];
  yield [
    'friendList',
    convs.map((c): [string, unknown] => [
      c.conversationId,
      {
        senderId: c.a.uid,
        senderName: c.a.name,
        receiverId: c.b.uid,
        receiverName: c.b.name,
        photo: '',
      },
    ]),
  ];
  yield [
    'pairs',
    convs.map((c): [string, unknown] => [
      c.a.uid < c.b.uid ? `${c.a.uid}_${c.b.uid}` : `${c.b.uid}_${c.a.uid}`,
      c.conversationId,
    ]),
  ];
  yield [
    'sendMessage',
    (function* () {
      for (const [n, c] of convs.entries())
        yield [c.conversationId, Object.fromEntries(messagesOf(c, n))] as [string, unknown];
    })(),
  ];
  const inbox = new Map<string, Record<string, unknown>>();
  for (const [n, c] of convs.entries()) {
    const last = lastOf(c, n);
    // The receiver of the last message has not read the last few.
    const unreadBy = last.lastSenderId === c.a.uid ? c.b.uid : c.a.uid;
    for (const p of [c.a, c.b]) {
      const entries = inbox.get(p.uid) ?? {};
      entries[c.conversationId] = { ...last, unread: p.uid === unreadBy ? 1 + (n % 5) : 0 };
      inbox.set(p.uid, entries);
    }
  }
  yield ['inbox', inbox.entries()];
  yield [
    'reads',
    convs.map((c, n): [string, unknown] => {
      const seen = { at: START + n * 1000, messageId: lastOf(c, n).lastMessageId };
      return [c.conversationId, { [c.a.uid]: seen, [c.b.uid]: seen }];
    }),
  ];
}

/** Loads the data into namespace `ns` through REST, about a megabyte per request. */
export async function loadAppDataByRest(
  port: number,
  ns: string,
  loadUsers: number,
  mb: number,
): Promise<number> {
  let total = 0;
  const patch = async (top: string, parts: string[]): Promise<void> => {
    const res = await fetch(`http://127.0.0.1:${port}/${top}.json?ns=${ns}&print=silent`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner' },
      body: `{${parts.join(',')}}`,
    });
    if (!res.ok) throw new Error(`loading ${top} failed: ${res.status} ${await res.text()}`);
  };
  for (const [top, entries] of sections(loadUsers, mb)) {
    let parts: string[] = [];
    let size = 0;
    for (const [key, value] of entries) {
      const part = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
      parts.push(part);
      size += part.length;
      total += part.length;
      if (size >= 1024 * 1024) {
        await patch(top, parts);
        parts = [];
        size = 0;
      }
    }
    if (parts.length > 0) await patch(top, parts);
  }
  return total;
}

/** Writes the data as a plain export (what `--data` seeds every namespace from). */
export async function writeAppData(file: string, loadUsers: number, mb: number): Promise<number> {
  const out = createWriteStream(file);
  let total = 0;
  const put = async (s: string): Promise<void> => {
    total += s.length;
    if (!out.write(s)) await once(out, 'drain');
  };
  let first = true;
  for (const [top, entries] of sections(loadUsers, mb)) {
    await put(`${first ? '{' : ','}${JSON.stringify(top)}:{`);
    first = false;
    let firstChild = true;
    for (const [key, value] of entries) {
      await put(`${firstChild ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`);
      firstChild = false;
    }
    await put('}');
  }
  await put('}');
  out.end();
  await once(out, 'finish');
  return total;
}
