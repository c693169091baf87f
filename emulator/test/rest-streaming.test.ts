import { ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { EventStreamClient } from './event-stream-client';
import { connectClient, rest } from './helpers';
import { unsignedToken } from './raw-client';

const RULES = JSON.stringify({
  rules: {
    '.read': false,
    '.write': true,
    public: { '.read': true },
    users: { $uid: { '.read': 'auth.uid === $uid' } },
  },
});

let emu: RunningEmulator;
const streams: EventStreamClient[] = [];
let n = 0;
const freshNs = (): string => `sse-${process.pid}-${++n}`;
const alice = (claims: Record<string, unknown> = {}): string =>
  unsignedToken({ sub: 'alice', user_id: 'alice', ...claims });

beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesText: RULES, streamKeepAliveMs: 100 });
});

afterAll(async () => {
  streams.forEach((s) => s.close());
  await emu.close();
});

async function open(
  path: string,
  opts: { ns: string; token?: string | null; query?: string },
): Promise<EventStreamClient> {
  const s = await EventStreamClient.open(emu, path, opts);
  streams.push(s);
  return s;
}

/** Keep-alives arrive at any moment (every 100 ms here); most assertions look past them. */
const notKeepAlive = (e: { event: string }): boolean => e.event !== 'keep-alive';
const isPut = (path: string) => (e: { event: string; data: unknown }) =>
  e.event === 'put' && (e.data as { path: string }).path === path;

describe('REST streaming (Accept: text/event-stream)', () => {
  it('sends the current data as a put, then put and patch events as it changes', async () => {
    const ns = freshNs();
    await rest(emu, 'PUT', '/public/s.json', { ns, body: { a: 1, b: 2 } });
    const s = await open('/public/s.json', { ns });
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    expect(await s.next(notKeepAlive)).toEqual({
      event: 'put',
      data: { path: '/', data: { a: 1, b: 2 } },
    });

    let mark = s.events.length;
    await rest(emu, 'PUT', '/public/s/c.json', { ns, body: { foo: true, bar: false } });
    expect(await s.next(notKeepAlive, mark)).toEqual({
      event: 'put',
      data: { path: '/c', data: { foo: true, bar: false } },
    });

    mark = s.events.length;
    await rest(emu, 'PATCH', '/public/s/c.json', { ns, body: { foo: 3, baz: 4 } });
    expect(await s.next(notKeepAlive, mark)).toEqual({
      event: 'patch',
      data: { path: '/c', data: { foo: 3, baz: 4 } },
    });

    mark = s.events.length;
    await rest(emu, 'DELETE', '/public/s/a.json', { ns });
    expect(await s.next(notKeepAlive, mark)).toEqual({
      event: 'put',
      data: { path: '/a', data: null },
    });

    mark = s.events.length;
    await rest(emu, 'PUT', '/public.json', { ns, body: { s: 'replaced' } });
    expect(await s.next(notKeepAlive, mark)).toEqual({
      event: 'put',
      data: { path: '/', data: 'replaced' },
    });
    // Writes elsewhere send nothing to this stream.
    mark = s.events.length;
    await rest(emu, 'PUT', '/public/other.json', { ns, body: 1 });
    await rest(emu, 'PUT', '/public/s/x.json', { ns, body: 'after' });
    expect(await s.next(notKeepAlive, mark)).toEqual({
      event: 'put',
      data: { path: '/x', data: 'after' },
    });
  });

  it('streams what SDK clients write over the WebSocket', async () => {
    const ns = freshNs();
    const s = await open('/public/room.json', { ns });
    await s.next(isPut('/'));
    const sdk = connectClient(emu, ns);
    try {
      let mark = s.events.length;
      await set(ref(sdk.db, 'public/room/topic'), 'hello');
      expect(await s.next(notKeepAlive, mark)).toEqual({
        event: 'put',
        data: { path: '/topic', data: 'hello' },
      });
      mark = s.events.length;
      await update(ref(sdk.db, 'public/room'), { 'members/a': true, 'members/b': true });
      expect(await s.next(notKeepAlive, mark)).toEqual({
        event: 'patch',
        data: { path: '/members', data: { a: true, b: true } },
      });
    } finally {
      await sdk.close();
    }
  });

  it('sends keep-alive events with null data', async () => {
    const ns = freshNs();
    const s = await open('/public.json', { ns });
    expect(await s.next((e) => e.event === 'keep-alive')).toEqual({
      event: 'keep-alive',
      data: null,
    });
  });

  it('streams a query window and honours format=export', async () => {
    const ns = freshNs();
    await rest(emu, 'PUT', '/public/list.json', {
      ns,
      body: { b: { '.value': 2, '.priority': 7 }, c: 3, d: 4 },
    });
    const q = await open('/public/list.json', {
      ns,
      query: 'orderBy=%22%24key%22&limitToFirst=2',
    });
    expect((await q.next(isPut('/'))).data).toEqual({ path: '/', data: { b: 2, c: 3 } });
    const mark = q.events.length;
    await rest(emu, 'PUT', '/public/list/a.json', { ns, body: 1 });
    expect(await q.next(notKeepAlive, mark)).toEqual({
      event: 'put',
      data: { path: '/', data: { a: 1, b: 2 } },
    });
    const exported = await open('/public/list/b.json', { ns, query: 'format=export' });
    expect((await exported.next(isPut('/'))).data).toEqual({
      path: '/',
      data: { '.value': 2, '.priority': 7 },
    });
  });

  it('refuses a stream the rules do not allow with 401, and allows the owner', async () => {
    const ns = freshNs();
    const denied = await fetch(`http://${emu.host}:${emu.port}/users/alice.json?ns=${ns}`, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${unsignedToken({ sub: 'bob' })}`,
      },
    });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ error: 'Permission denied' });
    const anonymous = await fetch(`http://${emu.host}:${emu.port}/users/alice.json?ns=${ns}`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    await rest(emu, 'PUT', '/users/alice.json', { ns, body: { name: 'Alice' } });
    const allowed = await open('/users/alice.json', { ns, token: alice() });
    expect((await allowed.next(isPut('/'))).data).toEqual({ path: '/', data: { name: 'Alice' } });
  });

  it('sends cancel and ends the stream when the rules stop allowing the read', async () => {
    const ns = freshNs();
    const s = await open('/users/alice.json', { ns, token: alice() });
    await s.next(isPut('/'));
    const other = await open('/public.json', { ns, token: alice() });
    await other.next(isPut('/'));
    const closed = JSON.stringify({ rules: { public: { '.read': true } } });
    const replaced = await fetch(`http://${emu.host}:${emu.port}/.settings/rules.json?ns=${ns}`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: closed,
    });
    expect(replaced.status).toBe(200);
    expect(await s.next((e) => e.event === 'cancel')).toEqual({
      event: 'cancel',
      data: 'Permission denied',
    });
    await s.untilEnded();
    // The stream that may still read keeps going.
    const mark = other.events.length;
    await rest(emu, 'PUT', '/public/x.json', { ns, body: 1 });
    expect((await other.next(isPut('/x'), mark)).data).toEqual({ path: '/x', data: 1 });
    expect(other.ended).toBe(false);
  });

  it('sends auth_revoked and ends the stream when the ID token expires', async () => {
    const ns = freshNs();
    const soon = Math.floor(Date.now() / 1000) + 1;
    const s = await open('/users/alice.json', { ns, token: alice({ exp: soon }) });
    expect((await s.next(notKeepAlive)).event).toBe('put');
    expect(await s.next((e) => e.event === 'auth_revoked', 0, 10_000)).toEqual({
      event: 'auth_revoked',
      data: 'credential is no longer valid',
    });
    await s.untilEnded();
    const expired = await open('/public.json', { ns, token: alice({ exp: 1 }) });
    expect((await expired.next((e) => e.event === 'auth_revoked')).data).toBe(
      'credential is no longer valid',
    );
    await expired.untilEnded();
  });

  it('keeps a stream without an expiry open; a client that leaves disturbs no one', async () => {
    const ns = freshNs();
    const forever = await open('/public.json', { ns, token: alice() });
    const gone = await open('/public.json', { ns });
    await gone.next(isPut('/'));
    gone.close();
    await rest(emu, 'PUT', '/public/v.json', { ns, body: 1 });
    expect((await forever.next(isPut('/v'))).data).toEqual({ path: '/v', data: 1 });
    await forever.next((e) => e.event === 'keep-alive');
    expect(forever.events.some((e) => e.event === 'auth_revoked')).toBe(false);
    expect(forever.ended).toBe(false);
  });

  it('answers bad stream requests with 400', async () => {
    const ns = freshNs();
    const res = await fetch(`http://${emu.host}:${emu.port}/public.json?ns=${ns}&shallow=true`, {
      headers: { Accept: 'text/event-stream', Authorization: 'Bearer owner' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/shallow/);
  });
});
