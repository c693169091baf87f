import { get, goOffline, onDisconnect, ref, serverTimestamp, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { type TestClient, emulatorForFile } from './helpers';
import { RawClient } from './raw-client';

const RULES = JSON.stringify({
  rules: { '.read': true, $top: { '.write': "$top !== 'locked'" } },
});

const { client, emu } = emulatorForFile({ rulesText: RULES });

async function valueOf(c: TestClient, path: string): Promise<unknown> {
  return (await get(ref(c.db, path))).val();
}

describe('onDisconnect', () => {
  it('runs set, update and remove when the SDK goes offline; cancel drops them', async () => {
    const watcher = client();
    const leaver = client(watcher.ns);
    await set(ref(leaver.db, 'presence'), { gone: 'no', stay: 1, cancelled: 'keep' });
    const before = Date.now();
    await onDisconnect(ref(leaver.db, 'presence/at')).set(serverTimestamp());
    await onDisconnect(ref(leaver.db, 'presence')).update({ gone: 'yes', 'nested/x': 1 });
    await onDisconnect(ref(leaver.db, 'presence/stay')).remove();
    await onDisconnect(ref(leaver.db, 'presence/cancelled')).set('changed');
    await onDisconnect(ref(leaver.db, 'presence/cancelled')).cancel();
    goOffline(leaver.db);
    await expectEventually(async () => {
      const p = (await valueOf(watcher, 'presence')) as Record<string, unknown> | null;
      return p?.gone === 'yes';
    });
    const p = (await valueOf(watcher, 'presence')) as Record<string, unknown>;
    expect(p.gone).toBe('yes');
    expect(p.nested).toEqual({ x: 1 });
    expect(p.stay).toBeUndefined();
    expect(p.cancelled).toBe('keep');
    expect(p.at as number).toBeGreaterThanOrEqual(before - 1000);
  });

  it('fires when the socket dies without a close frame', async () => {
    const watcher = client();
    const raw = await RawClient.connect(emu(), watcher.ns);
    expect(
      (
        await raw.request('o', {
          p: '/status/bob',
          d: { online: false, at: { '.sv': 'timestamp' } },
        })
      ).s,
    ).toBe('ok');
    expect((await raw.request('p', { p: '/status/bob', d: { online: true } })).s).toBe('ok');
    raw.ws.terminate();
    await expectEventually(async () => {
      const s = (await valueOf(watcher, 'status/bob')) as { online: boolean; at?: number } | null;
      return s?.online === false && typeof s.at === 'number';
    });
  });

  it('checks the rules when the operation is queued', async () => {
    const raw = await RawClient.connect(emu(), `od-${process.pid}`);
    expect((await raw.request('o', { p: '/locked/x', d: 1 })).s).toBe('permission_denied');
    expect((await raw.request('om', { p: '/', d: { 'locked/x': 1, free: 2 } })).s).toBe(
      'permission_denied',
    );
    expect((await raw.request('oc', { p: '/locked', d: null })).s).toBe('ok');
    raw.close();
  });

  it('cancelling below a queued set keeps its siblings and leaves the cancelled child alone', async () => {
    const watcher = client();
    const raw = await RawClient.connect(emu(), watcher.ns);
    await raw.request('p', { p: '/room', d: { a: 'old', b: 'old' } });
    await raw.request('o', { p: '/room', d: { a: 'new', b: 'new' } });
    await raw.request('oc', { p: '/room/b', d: null });
    raw.close();
    await expectEventually(async () => {
      const r = (await valueOf(watcher, 'room')) as Record<string, string> | null;
      return r?.a === 'new';
    });
    expect(await valueOf(watcher, 'room')).toEqual({ a: 'new', b: 'old' });
  });
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
