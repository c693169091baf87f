import { get, ref, runTransaction, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { nodeHash } from '../src/data/hash';
import { fromJson } from '../src/data/json';
import { type TestClient, emulatorForFile } from './helpers';
import { RawClient } from './raw-client';

const { client, emu } = emulatorForFile();

const REFERENCE = {
  '9': 'nine',
  '10': 'ten',
  a: 1,
  b: 'two',
  c: { d: true, e: 1.5 },
  m: { '.value': 'q', '.priority': 2 },
  n: { '.value': -3, '.priority': 'pp' },
  '.priority': 5,
};

describe('transaction hashes', () => {
  it('matches the reference values', () => {
    expect(nodeHash(fromJson(41))).toBe('FKQEQrg9eSmOibuEATBfMSlup8g=');
    expect(nodeHash(fromJson(REFERENCE))).toBe('MuDoCDHXDo4Z5EnE1RhkZFRKypA=');
    expect(nodeHash(fromJson(null))).toBe('');
    expect(nodeHash(fromJson(-0))).not.toBe(nodeHash(fromJson(0)));
  });

  it('answers a stale hash with datastale and a current one with ok', async () => {
    const c = await RawClient.connect(emu(), `txn-${process.pid}`);
    await c.request('p', { p: '/t', d: REFERENCE });
    expect((await c.request('p', { p: '/t', d: 1, h: 'bogus' })).s).toBe('datastale');
    expect((await c.request('g', { p: '/t', q: {} })).d).toEqual(REFERENCE);
    const ok = await c.request('p', { p: '/t', d: 2, h: 'MuDoCDHXDo4Z5EnE1RhkZFRKypA=' });
    expect(ok.s).toBe('ok');
    expect((await c.request('p', { p: '/none', d: 1, h: '' })).s).toBe('ok');
    c.close();
  });
});

describe('transactions through the SDK', () => {
  it('runs a transaction on data with priorities (hashes agree)', async () => {
    const a = client();
    await set(ref(a.db, 'prio'), REFERENCE);
    const b = client(a.ns);
    const result = await runTransaction(ref(b.db, 'prio/a'), (v: number | null) => (v ?? 0) + 1);
    expect(result.committed).toBe(true);
    const whole = await runTransaction(ref(b.db, 'prio'), (v: Record<string, unknown> | null) => ({
      ...(v ?? {}),
      z: 'added',
    }));
    expect(whole.committed).toBe(true);
    expect((await get(ref(a.db, 'prio/z'))).val()).toBe('added');
  });

  it('loses no increment when two clients race', async () => {
    const a = client();
    const b = client(a.ns);
    const counter = (c: TestClient) => ref(c.db, 'counter');
    const bump = async (c: TestClient, n: number): Promise<void> => {
      const runs: Promise<unknown>[] = [];
      for (let i = 0; i < n; i++)
        runs.push(runTransaction(counter(c), (v: number | null) => (v ?? 0) + 1));
      await Promise.all(runs);
    };
    await Promise.all([bump(a, 40), bump(b, 40)]);
    expect((await get(counter(a))).val()).toBe(80);
  });
});
