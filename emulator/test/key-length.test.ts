import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/server';
import { rest, startTestEmulator } from './helpers';
import { RawClient } from './raw-client';

let emu: RunningEmulator;
const ns = `keys-${process.pid}`;
const raws: RawClient[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  await rest(emu, 'PUT', '/.json', { ns, body: { keep: 'me' } });
});

afterAll(async () => {
  raws.forEach((r) => r.close());
  await emu.close();
});

const longest = 'k'.repeat(768);
const tooLong = 'k'.repeat(769);
// 256 three-byte characters are exactly 768 UTF-8 bytes: the limit counts bytes, not characters.
const longestEuro = '€'.repeat(256);
const tooLongEuro = '€'.repeat(257);

async function unchanged(): Promise<void> {
  expect((await rest(emu, 'GET', '/.json', { ns })).body).toEqual({ keep: 'me' });
}

describe('keys longer than 768 bytes', () => {
  it('are refused in REST bodies (PUT, PATCH, POST) with 400 and nothing changes', async () => {
    for (const key of [tooLong, tooLongEuro]) {
      for (const [method, body] of [
        ['PUT', { [key]: 1 }],
        ['PUT', { a: { b: { [key]: true } } }],
        ['PATCH', { [key]: 1 }],
        ['POST', { [key]: 1 }],
      ] as const) {
        const res = await rest(emu, method, '/x.json', { ns, body });
        expect(res.status).toBe(400);
        expect((res.body as { error: string }).error).toMatch(/longer than 768 bytes/);
      }
    }
    await unchanged();
  });

  it('are refused in REST paths', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const body = method === 'PUT' ? 1 : undefined;
      const res = await rest(emu, method, `/${tooLong}.json`, { ns, body });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(/768 bytes/);
    }
    await unchanged();
  });

  it('are accepted up to exactly 768 bytes', async () => {
    const other = `${ns}-ok`;
    await rest(emu, 'PUT', '/x.json', { ns: other, body: { [longest]: 1, [longestEuro]: 2 } });
    expect((await rest(emu, 'GET', '/x.json', { ns: other })).body).toEqual({
      [longest]: 1,
      [longestEuro]: 2,
    });
  });

  it('are refused over the WebSocket in set, update and onDisconnect with invalid_data', async () => {
    const c = await RawClient.connect(emu, ns);
    raws.push(c);
    await c.request('gauth', { cred: 'owner' });
    const requests: [string, unknown][] = [
      ['p', { p: '/x', d: { [tooLong]: 1 } }],
      ['p', { p: '/x', d: { nested: { [tooLongEuro]: 'v' } } }],
      ['m', { p: '/x', d: { y: { [tooLong]: 1 } } }],
      ['m', { p: '/x', d: { [tooLong]: 1 } }],
      ['o', { p: '/x', d: { [tooLong]: 1 } }],
    ];
    for (const [a, b] of requests) {
      const res = await c.request(a, b);
      expect(res.s, `${a} ${JSON.stringify(b).slice(0, 40)}`).toBe('invalid_data');
      expect(String(res.d)).toMatch(/768 bytes/);
    }
    await unchanged();
  });
});
