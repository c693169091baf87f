import { onValue, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/server';
import { startEmulator } from '../src/server';
import { type TestClient, connectClient, rest } from './helpers';

// A message-like tree: anyone writes, nothing written is ever changed (as the app's rules).
const CREATE_ONLY = JSON.stringify({
  rules: {
    '.read': true,
    msgs: { $id: { '.write': '!data.exists()' } },
    other: { '.write': true },
  },
});

let emu: RunningEmulator;
let plain: RunningEmulator;
const clients: TestClient[] = [];
const client = (on: RunningEmulator) => {
  const c = connectClient(on);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesText: CREATE_ONLY, testControls: true });
  plain = await startEmulator({ port: 0, rulesText: CREATE_ONLY });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all([emu.close(), plain.close()]);
});

/** Counts the times `.info/connected` turns false after being true. */
function drops(c: TestClient) {
  let was = false;
  let count = 0;
  onValue(ref(c.db, '.info/connected'), (s) => {
    if (was && s.val() === false) count++;
    was = s.val() === true;
  });
  return () => count;
}

describe('test control: drop the acknowledgement of a committed write', () => {
  it('commits the write, drops the connection, and the SDK repeat is refused as an edit', async () => {
    const c = client(emu);
    const dropped = drops(c);
    const armed = await rest(emu, 'POST', '/.test/drop-ack.json', {
      ns: c.ns,
      body: { path: 'msgs' },
    });
    expect(armed).toEqual({ status: 200, body: { armed: 1 } });
    // A write elsewhere is acknowledged as usual.
    await set(ref(c.db, 'other/x'), 1);
    // The message is committed, its `ok` never sent; on reconnect the SDK sends it again.
    await expect(update(ref(c.db), { 'msgs/m1': { text: 'hi' }, 'other/y': 2 })).rejects.toThrow(
      /permission_denied/i,
    );
    expect(dropped()).toBe(1);
    expect((await rest(emu, 'GET', '/.test/drop-ack.json', { ns: c.ns })).body).toEqual({
      armed: 0,
    });
    const stored = await rest(emu, 'GET', '/.json', { ns: c.ns });
    expect(stored.body).toEqual({ msgs: { m1: { text: 'hi' } }, other: { x: 1, y: 2 } });
    // Used once: the next write is acknowledged.
    await set(ref(c.db, 'msgs/m2'), { text: 'again' });
    expect(dropped()).toBe(1);
  });

  it('is refused without admin rights and absent without --test-controls', async () => {
    const ns = 'controls';
    const asUser = await rest(emu, 'POST', '/.test/drop-ack.json', {
      ns,
      body: { path: 'msgs' },
      token: null,
    });
    expect(asUser.status).toBe(401);
    const bad = await rest(emu, 'POST', '/.test/drop-ack.json', { ns, rawBody: 'nope' });
    expect(bad.status).toBe(400);
    const off = await rest(plain, 'POST', '/.test/drop-ack.json', { ns, body: { path: 'msgs' } });
    expect(off.status).toBe(404);
  });
});
