import { get, onValue, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';
import { type TestClient, connectClient, rest, waitFor } from './helpers';
import { RawClient, unsignedToken } from './raw-client';

const RULES = JSON.stringify({
  rules: {
    public: { '.read': true, '.write': true },
    users: {
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': "auth != null && auth.uid === $uid && auth.token.email === 'alice@example.com'",
      },
    },
    pair: {
      a: { '.write': true },
      b: { '.write': false },
      '.read': true,
    },
    claims: { '.read': 'auth.token.role === "editor"', '.write': true },
  },
});

let emu: RunningEmulator;
let closedEmu: RunningEmulator;
const clients: TestClient[] = [];
const raws: RawClient[] = [];

function client(ns?: string, token?: Record<string, unknown>): TestClient {
  const c = connectClient(emu, ns, token ? { mockUserToken: token } : {});
  clients.push(c);
  return c;
}

async function raw(ns: string, e = emu): Promise<RawClient> {
  const c = await RawClient.connect(e, ns);
  raws.push(c);
  return c;
}

let nsCounter = 0;
const freshNs = (): string => `auth-${process.pid}-${++nsCounter}`;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesText: RULES });
  closedEmu = await startEmulator({ port: 0 });
});

afterAll(async () => {
  raws.forEach((r) => r.close());
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
  await closedEmu.close();
});

describe('auth and rules', () => {
  it('exposes mock-token claims as auth and auth.token', async () => {
    const ns = freshNs();
    const alice = client(ns, { user_id: 'alice', email: 'alice@example.com' });
    const mallory = client(ns, { user_id: 'mallory', email: 'mallory@example.com' });
    await set(ref(alice.db, 'users/alice'), { name: 'Alice' });
    expect((await get(ref(alice.db, 'users/alice'))).val()).toEqual({ name: 'Alice' });
    await expect(set(ref(mallory.db, 'users/mallory'), 1)).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(set(ref(alice.db, 'users/bob'), 1)).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(get(ref(mallory.db, 'users/alice'))).rejects.toThrow(/ermission denied/);
  });

  it('accepts Auth-emulator tokens (typ JWT, alg none) with custom claims', async () => {
    const ns = freshNs();
    const c = await raw(ns);
    const token = unsignedToken({ sub: 'u1', user_id: 'u1', role: 'editor', iat: 1, exp: 2 });
    const res = await c.request('auth', { cred: token });
    expect(res.s).toBe('ok');
    expect((await c.request('g', { p: '/claims', q: {} })).s).toBe('ok');
    expect((await c.request('g', { p: '/users/u2', q: {} })).s).toBe('permission_denied');
    expect((await c.request('auth', { cred: 'not-a-jwt' })).s).toBe('invalid_token');
  });

  it('cancels listens on sign-out (unauth) and on new auth', async () => {
    const ns = freshNs();
    const c = await raw(ns);
    await c.request('auth', { cred: unsignedToken({ sub: 'u1', role: 'editor', iat: 1 }) });
    expect((await c.request('q', { p: '/users/u1', h: '' })).s).toBe('ok');
    expect((await c.request('q', { p: '/claims', h: '' })).s).toBe('ok');
    expect((await c.request('unauth', {})).s).toBe('ok');
    await c.until(() => c.pushes.filter((p) => p.a === 'c').length === 2);
    const revoked = c.pushes.filter((p) => p.a === 'c').map((p) => p.b.p as string);
    expect(revoked.sort()).toEqual(['/claims', '/users/u1']);
    // Once revoked, writes elsewhere must not reach the connection.
    const before = c.pushes.length;
    await rest(emu, 'PUT', '/users/u1/x.json', { ns, body: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(c.pushes.length).toBe(before);
  });

  it('treats the owner credential as admin and starts namespaces closed', async () => {
    const ns = freshNs();
    const anon = connectClient(closedEmu, ns);
    clients.push(anon);
    await expect(get(ref(anon.db, 'x'))).rejects.toThrow(/ermission denied/);
    await expect(set(ref(anon.db, 'x'), 1)).rejects.toThrow(/PERMISSION_DENIED/);
    const admin = await raw(ns, closedEmu);
    expect((await admin.request('gauth', { cred: 'owner' })).s).toBe('ok');
    expect((await admin.request('p', { p: '/x', d: 5 })).s).toBe('ok');
    expect((await rest(closedEmu, 'GET', '/x.json', { ns })).body).toBe(5);
    expect((await rest(closedEmu, 'GET', '/x.json', { ns, token: null })).status).toBe(401);
  });

  it('makes multi-path updates all or nothing', async () => {
    const ns = freshNs();
    const c = client(ns);
    await set(ref(c.db, 'pair/a'), 1);
    await expect(update(ref(c.db, 'pair'), { a: 2, b: 2 })).rejects.toThrow(/PERMISSION_DENIED/);
    expect((await get(ref(c.db, 'pair'))).val()).toEqual({ a: 1 });
  });

  it('cancels SDK listeners with permission_denied when rules are replaced over REST', async () => {
    const ns = freshNs();
    const c = client(ns);
    let cancelled: Error | null = null;
    const values: unknown[] = [];
    onValue(
      ref(c.db, 'public'),
      (s) => values.push(s.val()),
      (e) => (cancelled = e),
    );
    await waitFor(() => (values.length > 0 ? true : undefined));
    const put = await rest(emu, 'PUT', '/.settings/rules.json', {
      ns,
      rawBody: '{"rules": {".read": false, ".write": false}}',
    });
    expect(put.status).toBe(200);
    const err = await waitFor(() => cancelled ?? undefined);
    expect(String(err)).toMatch(/permission_denied/);
    // Other namespaces keep the start-up rules.
    const other = client(freshNs());
    await set(ref(other.db, 'public/x'), 1);
  });

  it('rejects a rules upload that does not parse with 400 and the position', async () => {
    const ns = freshNs();
    const bad = await rest(emu, 'PUT', '/.settings/rules.json', {
      ns,
      rawBody: '{"rules": {".read": tru',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/line \d+, column \d+/);
    const denied = await rest(emu, 'PUT', '/.settings/rules.json', {
      ns,
      rawBody: '{"rules":{}}',
      token: null,
    });
    expect(denied.status).toBe(401);
  });
});
