import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/server';
import { emulatorForFile } from './helpers';
import { unsignedToken } from './raw-client';

const RULES = JSON.stringify({
  rules: {
    open: { '.read': true, '.write': true },
    dropbox: { '.read': false, '.write': true },
    readonly: { '.read': true, '.write': false },
  },
});

const { emu } = emulatorForFile({ rulesText: RULES });
let n = 0;
const freshNs = (): string => `etag-${process.pid}-${++n}`;
const alice = unsignedToken({ sub: 'alice', user_id: 'alice' });

async function call(
  e: RunningEmulator,
  method: string,
  path: string,
  opts: { ns: string; body?: unknown; headers?: Record<string, string>; token?: string },
): Promise<{ status: number; etag: string | null; body: unknown }> {
  const res = await fetch(`http://${e.host}:${e.port}${path}?ns=${opts.ns}`, {
    method,
    headers: { Authorization: `Bearer ${opts.token ?? 'owner'}`, ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    body: text ? JSON.parse(text) : null,
  };
}

describe('REST ETags (X-Firebase-ETag)', () => {
  it('returns the ETag only when asked, null_etag for an empty location', async () => {
    const ns = freshNs();
    const etagHeader = { 'X-Firebase-ETag': 'true' };
    expect((await call(emu(), 'GET', '/open/v.json', { ns })).etag).toBeNull();
    const empty = await call(emu(), 'GET', '/open/v.json', { ns, headers: etagHeader });
    expect(empty).toMatchObject({ status: 200, etag: 'null_etag', body: null });
    await call(emu(), 'PUT', '/open/v.json', { ns, body: 10 });
    const ten = await call(emu(), 'GET', '/open/v.json', { ns, headers: etagHeader });
    expect(ten.body).toBe(10);
    expect(ten.etag).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    // Same data, same ETag; another value or only another priority, another ETag.
    expect((await call(emu(), 'GET', '/open/v.json', { ns, headers: etagHeader })).etag).toBe(
      ten.etag,
    );
    await call(emu(), 'PUT', '/open/v.json', { ns, body: { '.value': 10, '.priority': 1 } });
    const prioritised = await call(emu(), 'GET', '/open/v.json', { ns, headers: etagHeader });
    expect(prioritised.body).toBe(10);
    expect(prioritised.etag).not.toBe(ten.etag);
  });

  it('returns the ETag of the new value on a write that asks for it', async () => {
    const ns = freshNs();
    const put = await call(emu(), 'PUT', '/open/v.json', {
      ns,
      body: { a: 1 },
      headers: { 'X-Firebase-ETag': 'true' },
    });
    const get = await call(emu(), 'GET', '/open/v.json', {
      ns,
      headers: { 'X-Firebase-ETag': 'true' },
    });
    expect(put.etag).toBe(get.etag);
  });
});

describe('REST conditional writes (if-match)', () => {
  it('writes when the ETag matches and answers 412 with the current ETag and value otherwise', async () => {
    const ns = freshNs();
    await call(emu(), 'PUT', '/open/upvotes.json', { ns, body: 10 });
    const read = await call(emu(), 'GET', '/open/upvotes.json', {
      ns,
      headers: { 'X-Firebase-ETag': 'true' },
    });
    const etag = read.etag ?? '';
    const first = await call(emu(), 'PUT', '/open/upvotes.json', {
      ns,
      body: 11,
      headers: { 'if-match': etag },
    });
    expect(first.status).toBe(200);
    expect(first.body).toBe(11);
    // A second writer still holding the old ETag loses, and learns what to retry on.
    const stale = await call(emu(), 'PUT', '/open/upvotes.json', {
      ns,
      body: 11,
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toBe(11);
    expect(stale.etag).toBe(first.etag);
    expect(stale.etag).not.toBe(etag);
    const retry = await call(emu(), 'PUT', '/open/upvotes.json', {
      ns,
      body: 12,
      headers: { 'if-match': stale.etag ?? '' },
    });
    expect(retry.status).toBe(200);
    expect((await call(emu(), 'GET', '/open/upvotes.json', { ns })).body).toBe(12);
  });

  it('creates only when absent with null_etag (one of two creators wins)', async () => {
    const ns = freshNs();
    const create = (body: string) =>
      call(emu(), 'PUT', '/open/claim.json', { ns, body, headers: { 'if-match': 'null_etag' } });
    const [a, b] = await Promise.all([create('a'), create('b')]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? 'a' : 'b';
    expect((await call(emu(), 'GET', '/open/claim.json', { ns })).body).toBe(winner);
    expect((a.status === 412 ? a : b).body).toBe(winner);
  });

  it('conditions DELETE too', async () => {
    const ns = freshNs();
    await call(emu(), 'PUT', '/open/d.json', { ns, body: 'x' });
    const stale = await call(emu(), 'DELETE', '/open/d.json', {
      ns,
      headers: { 'if-match': 'null_etag' },
    });
    expect(stale.status).toBe(412);
    expect((await call(emu(), 'GET', '/open/d.json', { ns })).body).toBe('x');
    const ok = await call(emu(), 'DELETE', '/open/d.json', {
      ns,
      headers: { 'if-match': stale.etag ?? '' },
    });
    expect(ok.status).toBe(200);
    expect((await call(emu(), 'GET', '/open/d.json', { ns })).body).toBeNull();
  });

  it('still applies the rules: a matching ETag does not let a non-writer write', async () => {
    const ns = freshNs();
    await call(emu(), 'PUT', '/readonly/v.json', { ns, body: 1 });
    const { etag } = await call(emu(), 'GET', '/readonly/v.json', {
      ns,
      token: alice,
      headers: { 'X-Firebase-ETag': 'true' },
    });
    const res = await call(emu(), 'PUT', '/readonly/v.json', {
      ns,
      token: alice,
      body: 2,
      headers: { 'if-match': etag ?? '' },
    });
    expect(res.status).toBe(401);
    expect((await call(emu(), 'GET', '/readonly/v.json', { ns })).body).toBe(1);
  });

  it('tells someone who may not read neither the value nor the ETag', async () => {
    const ns = freshNs();
    await call(emu(), 'PUT', '/dropbox/secret.json', { ns, body: 'the-secret' });
    const res = await call(emu(), 'PUT', '/dropbox/secret.json', {
      ns,
      token: alice,
      body: 'mine',
      headers: { 'if-match': 'null_etag' },
    });
    expect(res.status).toBe(412);
    expect(res.etag).toBeNull();
    expect(res.body).toEqual({ error: expect.any(String) as unknown });
    expect(JSON.stringify(res.body)).not.toContain('the-secret');
    expect((await call(emu(), 'GET', '/dropbox/secret.json', { ns })).body).toBe('the-secret');
    // Creating an absent entry without read access works: that is what null_etag is for.
    const fresh = await call(emu(), 'PUT', '/dropbox/new.json', {
      ns,
      token: alice,
      body: 'mine',
      headers: { 'if-match': 'null_etag' },
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses if-match on PATCH and POST instead of ignoring it', async () => {
    const ns = freshNs();
    for (const method of ['PATCH', 'POST']) {
      const res = await call(emu(), method, '/open.json', {
        ns,
        body: { a: 1 },
        headers: { 'if-match': 'null_etag' },
      });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(/if-match/);
    }
    expect((await call(emu(), 'GET', '/open.json', { ns })).body).toBeNull();
  });
});
