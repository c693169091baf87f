import { onValue, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { emulatorForFile, rest, waitFor } from './helpers';
import { unsignedToken } from './raw-client';

const RULES = JSON.stringify({
  rules: {
    admin: { '.read': false, '.write': false },
    users: { $uid: { '.read': 'auth.uid === $uid', '.write': 'auth.uid === $uid' } },
    '.read': "!root.child('closed').exists()",
    $other: { '.write': "$other !== 'admin'" },
  },
});

const { client, emu } = emulatorForFile({ rulesText: RULES });
let n = 0;
const freshNs = (): string => `rest-${process.pid}-${++n}`;

describe('REST', () => {
  it('supports PUT, GET, PATCH, POST and DELETE', async () => {
    const ns = freshNs();
    expect(
      (await rest(emu(), 'PUT', '/a.json', { ns, body: { x: 1, y: { z: 'q' } } })).body,
    ).toEqual({
      x: 1,
      y: { z: 'q' },
    });
    expect(
      (await rest(emu(), 'PATCH', '/a.json', { ns, body: { x: 2, 'y/w': true } })).status,
    ).toBe(200);
    expect((await rest(emu(), 'GET', '/a.json', { ns })).body).toEqual({
      x: 2,
      y: { z: 'q', w: true },
    });
    const posted = await rest(emu(), 'POST', '/list.json', { ns, body: { n: 1 } });
    const name = (posted.body as { name: string }).name;
    expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect((await rest(emu(), 'GET', `/list/${name}/n.json`, { ns })).body).toBe(1);
    expect((await rest(emu(), 'DELETE', '/a/y.json', { ns })).status).toBe(200);
    expect((await rest(emu(), 'GET', '/a.json', { ns })).body).toEqual({ x: 2 });
    const silent = await rest(emu(), 'PUT', '/s.json', { ns, body: 1, query: 'print=silent' });
    expect(silent.status).toBe(204);
  });

  it('answers shallow, format=export and queries', async () => {
    const ns = freshNs();
    await rest(emu(), 'PUT', '/.json', {
      ns,
      body: {
        p: { '.value': 1, '.priority': 3 },
        o: { a: { b: 1 } },
        s: { c: { v: 3 }, a: { v: 1 }, b: { v: 2 } },
      },
    });
    expect((await rest(emu(), 'GET', '/.json', { ns, query: 'shallow=true' })).body).toEqual({
      p: 1,
      o: true,
      s: true,
    });
    expect((await rest(emu(), 'GET', '/p.json', { ns, query: 'format=export' })).body).toEqual({
      '.value': 1,
      '.priority': 3,
    });
    const q = await rest(emu(), 'GET', '/s.json', { ns, query: 'orderBy="v"&limitToLast=2' });
    expect(q.body).toEqual({ b: { v: 2 }, c: { v: 3 } });
    const eq = await rest(emu(), 'GET', '/s.json', { ns, query: 'orderBy="$key"&equalTo="a"' });
    expect(eq.body).toEqual({ a: { v: 1 } });
    const after = await rest(emu(), 'GET', '/s.json', { ns, query: 'orderBy="v"&startAfter=1' });
    expect(Object.keys(after.body as object).sort()).toEqual(['b', 'c']);
    const bad = await rest(emu(), 'GET', '/s.json', { ns, query: 'limitToFirst=1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/orderBy/) as unknown });
  });

  it('applies rules to user ID tokens and unauthenticated requests', async () => {
    const ns = freshNs();
    const alice = unsignedToken({ sub: 'alice', user_id: 'alice', iat: 1 });
    expect(
      (await rest(emu(), 'PUT', '/users/alice.json', { ns, body: 1, token: alice })).status,
    ).toBe(200);
    const denied = await rest(emu(), 'PUT', '/users/bob.json', { ns, body: 1, token: alice });
    expect(denied).toEqual({ status: 401, body: { error: 'Permission denied' } });
    expect((await rest(emu(), 'PUT', '/admin.json', { ns, body: 1, token: null })).status).toBe(
      401,
    );
    expect((await rest(emu(), 'GET', '/users/alice.json', { ns, token: 'garbage' })).status).toBe(
      401,
    );
  });

  it('pushes REST writes to SDK listeners', async () => {
    const ns = freshNs();
    const c = client(ns);
    const seen: unknown[] = [];
    onValue(ref(c.db, 'live'), (s) => seen.push(s.val()));
    await rest(emu(), 'PUT', '/live.json', { ns, body: 'hello' });
    await waitFor(() => (seen.includes('hello') ? true : undefined));
  });

  it('allows CORS preflight and reports long polling as unsupported', async () => {
    const res = await fetch(`http://${emu().host}:${emu().port}/x.json?ns=a`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    const lp = await fetch(`http://${emu().host}:${emu().port}/.lp?start=t&ns=a`);
    expect(lp.status).toBe(501);
    expect(JSON.stringify(await lp.json())).toMatch(/forceWebSockets/);
  });
});
