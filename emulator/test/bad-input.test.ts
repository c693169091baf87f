import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/server';
import { rest, startTestEmulator } from './helpers';
import { RawClient } from './raw-client';

let emu: RunningEmulator;
const ns = `bad-${process.pid}`;
const raws: RawClient[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  await rest(emu, 'PUT', '/.json', { ns, body: { keep: 'me' } });
});

afterAll(async () => {
  raws.forEach((r) => r.close());
  await emu.close();
});

async function raw(): Promise<RawClient> {
  const c = await RawClient.connect(emu, ns);
  raws.push(c);
  return c;
}

async function unchanged(): Promise<void> {
  expect((await rest(emu, 'GET', '/.json', { ns })).body).toEqual({ keep: 'me' });
}

const deep = Array.from({ length: 33 }, (_, i) => `k${i}`).join('/');

describe('bad input over REST', () => {
  const cases: [string, string, string, unknown][] = [
    ['key with a dot', 'PUT', '/x.json', { 'a.b': 1 }],
    ['key with a hash', 'PUT', '/x.json', { 'a#b': 1 }],
    ['key with a dollar', 'PUT', '/x.json', { $a: 1 }],
    ['key with brackets', 'PUT', '/x.json', { 'a[0]': 1 }],
    ['key with a control character', 'PUT', '/x.json', { 'a\u0001': 1 }],
    ['path segment with a bracket', 'PUT', '/x%5B1%5D.json', 1],
    ['path deeper than 32', 'PUT', `/${deep}.json`, 1],
    [
      'data deeper than 32',
      'PUT',
      '/x.json',
      JSON.parse('{"a":'.repeat(33) + '1' + '}'.repeat(33)),
    ],
    ['write under /.info', 'PUT', '/.info/connected.json', true],
    ['unknown server value', 'PUT', '/x.json', { '.sv': 'bogus' }],
    ['overlapping update paths', 'PATCH', '/.json', { a: 1, 'a/b': 2 }],
    ['.value beside children', 'PUT', '/x.json', { '.value': 1, c: 2 }],
  ];
  for (const [name, method, path, body] of cases) {
    it(`rejects ${name} with 400 and changes nothing`, async () => {
      const res = await rest(emu, method, path, { ns, body });
      expect(res.status).toBe(400);
      expect(typeof (res.body as { error?: unknown }).error).toBe('string');
      await unchanged();
    });
  }

  it('rejects malformed JSON and strings over 10 MB', async () => {
    const res = await rest(emu, 'PUT', '/x.json', { ns, rawBody: '{"a": ' });
    expect(res.status).toBe(400);
    const huge = await rest(emu, 'PUT', '/x.json', { ns, body: 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(400);
    await unchanged();
  });
});

describe('bad input over WebSocket', () => {
  it('answers invalid writes with an error status and changes nothing', async () => {
    const c = await raw();
    expect((await c.request('p', { p: '/x', d: { 'a/b': 1 } })).s).toBe('invalid_data');
    expect((await c.request('p', { p: '/.info/x', d: 1 })).s).toBe('invalid_data');
    expect((await c.request('p', { p: `/${deep}`, d: 1 })).s).toBe('invalid_data');
    expect((await c.request('m', { p: '/', d: { a: 1, 'a/b': 1 } })).s).toBe('invalid_data');
    expect((await c.request('m', { p: '/', d: ['x'] })).s).toBe('invalid_data');
    expect((await c.request('q', { p: '/', q: { l: -1 }, t: 1, h: '' })).s).toBe('invalid_data');
    expect((await c.request('p', { p: '/keep' })).s).toBe('invalid_data');
    expect((await c.request('p', { p: '/x', d: { '.sv': { increment: 'one' } } })).s).toBe(
      'invalid_data',
    );
    expect((await c.request('launch', {})).s).toBe('invalid_action');
    expect(c.closed).toBe(false);
    await unchanged();
  });

  const hostile: [string, (c: RawClient) => void][] = [
    ['a frame that is not JSON', (c) => c.sendRaw('{nope')],
    [
      'a request without a number',
      (c) => c.sendRaw(JSON.stringify({ t: 'd', d: { a: 'p', b: {} } })),
    ],
    ['an envelope of the wrong shape', (c) => c.sendRaw('[1,2,3]')],
    ['a binary frame', (c) => c.ws.send(Buffer.from([1, 2, 3]))],
    ['an absurd fragment count', (c) => c.sendRaw('999999')],
    [
      'fragments that do not form JSON',
      (c) => (c.sendRaw('2'), c.sendRaw('{"t":'), c.sendRaw('oops')),
    ],
  ];
  for (const [name, send] of hostile) {
    it(`closes only the connection that sends ${name}`, async () => {
      const bystander = await raw();
      const attacker = await raw();
      send(attacker);
      await attacker.until(() => attacker.closed);
      expect(bystander.closed).toBe(false);
      expect((await bystander.request('g', { p: '/keep', q: {} })).d).toBe('me');
      await unchanged();
    });
  }

  it('ignores keepalives and answers pings', async () => {
    const c = await raw();
    c.sendRaw('0');
    c.sendRaw(JSON.stringify({ t: 'c', d: { t: 'p', d: {} } }));
    await c.until(() => c.pushes.some((p) => p.t === 'c' && p.d.t === 'o'));
    expect(c.closed).toBe(false);
  });
});
