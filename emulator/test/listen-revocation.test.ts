import {
  type DataSnapshot,
  get,
  limitToLast,
  onChildAdded,
  onValue,
  orderByChild,
  query,
  ref,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { EventStreamClient } from './event-stream-client';
import { type TestClient, connectClient, rest, waitFor } from './helpers';
import { RawClient, unsignedToken } from './raw-client';

// The app's group rules, reduced: the admin and members read a group's messages.
const MEMBER =
  "auth != null && (root.child('Mygroup/' + $g + '/adminId').val() == auth.uid || " +
  "root.child('groupMembership/' + $g + '/' + auth.uid + '/status').val() == 'member')";
const RULES = JSON.stringify({
  rules: {
    Mygroup: { $g: { '.read': 'auth != null' } },
    groupMembership: { $g: { '.read': 'auth != null' } },
    groupMessages: { $g: { '.read': MEMBER, '.indexOn': ['createdAt'] } },
  },
});

let emu: RunningEmulator;
const clients: TestClient[] = [];
const raws: RawClient[] = [];
const streams: EventStreamClient[] = [];
let n = 0;
const freshNs = (): string => `revoke-${process.pid}-${++n}`;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesText: RULES });
});

afterAll(async () => {
  raws.forEach((r) => r.close());
  streams.forEach((s) => s.close());
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

function user(ns: string, uid: string): TestClient {
  const c = connectClient(emu, ns, { mockUserToken: { sub: uid, user_id: uid } });
  clients.push(c);
  return c;
}

async function rawUser(ns: string, uid: string): Promise<RawClient> {
  const c = await RawClient.connect(emu, ns);
  raws.push(c);
  expect((await c.request('auth', { cred: unsignedToken({ sub: uid, iat: 1 }) })).s).toBe('ok');
  return c;
}

/** A group g1 run by alice with bob and carol as members, written by the admin over REST. */
async function seedGroup(ns: string): Promise<void> {
  const seeded = await rest(emu, 'PUT', '/.json', {
    ns,
    body: {
      Mygroup: { g1: { adminId: 'alice', name: 'Hikers' } },
      groupMembership: { g1: { bob: { status: 'member' }, carol: { status: 'member' } } },
      groupMessages: { g1: { m1: { message: 'hello', createdAt: 1 } } },
    },
  });
  expect(seeded.status).toBe(200);
}

const message = (text: string, createdAt: number) => ({ message: text, createdAt });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a listen whose read rule stops allowing it after a write', () => {
  it('cancels a removed member’s SDK listeners; a remaining member keeps receiving', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const bob = user(ns, 'bob');
    const carol = user(ns, 'carol');
    const bobSeen: string[] = [];
    const bobErrors: Error[] = [];
    const carolSeen: string[] = [];
    // As the app listens: ordered by createdAt, the last page only (a tagged query).
    const page = (db: TestClient['db']) =>
      query(ref(db, 'groupMessages/g1'), orderByChild('createdAt'), limitToLast(50));
    onChildAdded(
      page(bob.db),
      (s: DataSnapshot) => bobSeen.push(s.key ?? ''),
      (e) => bobErrors.push(e),
    );
    // A plain listen on the same group as well: both must be cancelled.
    onValue(
      ref(bob.db, 'groupMessages/g1/m1'),
      () => undefined,
      (e) => bobErrors.push(e),
    );
    onChildAdded(page(carol.db), (s: DataSnapshot) => carolSeen.push(s.key ?? ''));
    await waitFor(() => (bobSeen.length === 1 && carolSeen.length === 1 ? true : undefined));

    // The admin removes bob (REST DELETE of his membership).
    expect((await rest(emu, 'DELETE', '/groupMembership/g1/bob.json', { ns })).status).toBe(200);
    await waitFor(() => (bobErrors.length === 2 ? true : undefined));
    for (const e of bobErrors) expect(String(e)).toMatch(/permission_denied/);

    await rest(emu, 'PUT', '/groupMessages/g1/m2.json', { ns, body: message('after', 2) });
    await waitFor(() => (carolSeen.length === 2 ? true : undefined));
    expect(carolSeen).toEqual(['m1', 'm2']);
    expect(bobSeen).toEqual(['m1']);
    // What the real service guarantees as well: a new listen or read is refused.
    await expect(get(ref(bob.db, 'groupMessages/g1'))).rejects.toThrow(/ermission denied/);
  });

  it('sends the exact revocation pushes and nothing after them (raw protocol)', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const bob = await rawUser(ns, 'bob');
    const wireQuery = { i: 'createdAt', l: 50, vf: 'r' };
    expect((await bob.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
    const tagged = { p: '/groupMessages/g1', q: wireQuery, t: 7, h: '' };
    expect((await bob.request('q', tagged)).s).toBe('ok');
    const before = bob.pushes.length;

    // One atomic update removes bob and posts a message: the message must not reach him.
    const removal = await rest(emu, 'PATCH', '/.json', {
      ns,
      body: { 'groupMembership/g1/bob': null, 'groupMessages/g1/m2': message('secret', 2) },
    });
    expect(removal.status).toBe(200);
    await bob.until(() => bob.pushes.filter((p) => p.a === 'c').length === 2);
    const after = bob.pushes.slice(before);
    expect(after).toEqual(
      expect.arrayContaining([
        { a: 'c', b: { p: '/groupMessages/g1' } },
        { a: 'c', b: { p: '/groupMessages/g1', q: [wireQuery] } },
      ]),
    );
    expect(after).toHaveLength(2);

    await rest(emu, 'PUT', '/groupMessages/g1/m3.json', { ns, body: message('later', 3) });
    await pause(50);
    expect(bob.pushes.length).toBe(before + 2);
    expect(JSON.stringify(bob.pushes)).not.toMatch(/secret|later/);
    // Listening again is refused.
    expect((await bob.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('permission_denied');
  });

  it('keeps listens whose rules looked at other data, and the admin’s own', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const carol = await rawUser(ns, 'carol');
    const alice = await rawUser(ns, 'alice');
    expect((await carol.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
    expect((await alice.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
    await rest(emu, 'DELETE', '/groupMembership/g1/bob.json', { ns });
    // A status change that keeps carol a member, and a rename of the group.
    await rest(emu, 'PATCH', '/groupMembership/g1/carol.json', { ns, body: { since: 5 } });
    await rest(emu, 'PUT', '/Mygroup/g1/name.json', { ns, body: 'Climbers' });
    await rest(emu, 'PUT', '/groupMessages/g1/m2.json', { ns, body: message('still here', 2) });
    for (const c of [carol, alice]) {
      await c.until(() => c.pushes.some((p) => p.a === 'd' && p.b.p === '/groupMessages/g1/m2'));
      expect(c.pushes.some((p) => p.a === 'c')).toBe(false);
    }
  });

  it('revokes the admin when the group’s admin changes, and re-grants nothing by itself', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const alice = await rawUser(ns, 'alice');
    expect((await alice.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
    await rest(emu, 'PUT', '/Mygroup/g1/adminId.json', { ns, body: 'carol' });
    await alice.until(() => alice.pushes.some((p) => p.a === 'c'));
    // Making her a member again lets a new listen in; the cancelled one stays cancelled.
    const count = alice.pushes.length;
    await rest(emu, 'PUT', '/groupMembership/g1/alice.json', { ns, body: { status: 'member' } });
    await rest(emu, 'PUT', '/groupMessages/g1/m2.json', { ns, body: message('x', 2) });
    await pause(50);
    expect(alice.pushes.length).toBe(count);
    expect((await alice.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
  });

  it('cancels a REST event stream the same way', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const token = unsignedToken({ sub: 'bob', user_id: 'bob' });
    const s = await EventStreamClient.open(emu, '/groupMessages/g1.json', { ns, token });
    streams.push(s);
    await s.next((e) => e.event === 'put');
    await rest(emu, 'PUT', '/groupMembership/g1/bob/status.json', { ns, body: 'left' });
    expect(await s.next((e) => e.event === 'cancel')).toEqual({
      event: 'cancel',
      data: 'Permission denied',
    });
    await s.untilEnded();
  });

  it('revokes after a root reset (DELETE /) as the test suites do between tests', async () => {
    const ns = freshNs();
    await seedGroup(ns);
    const bob = await rawUser(ns, 'bob');
    expect((await bob.request('q', { p: '/groupMessages/g1', h: '' })).s).toBe('ok');
    expect((await rest(emu, 'DELETE', '/.json', { ns })).status).toBe(200);
    await bob.until(() => bob.pushes.some((p) => p.a === 'c'));
  });
});
