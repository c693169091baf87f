import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  get,
  increment,
  onValue,
  push,
  ref,
  remove,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  update,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../src/data/json';
import { loadPersisted } from '../src/persistence/load';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../src/server';
import { OPEN_RULES, connectClient, rest, waitFor } from './helpers';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rtdb-journal-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(dataFile: string, persistence: EmulatorOptions['persistence'] = {}) {
  return startEmulator({ port: 0, rulesText: OPEN_RULES, dataFile, persistence });
}

/** What a restart would load from disk now, without touching the files. */
async function onDisk(file: string, ns: string): Promise<unknown> {
  const loaded = await loadPersisted(file, false);
  return toJson(loaded.namespaces.get(ns) ?? null, false);
}

const journalLines = async (file: string): Promise<string[]> =>
  (await readFile(`${file}.journal.0`, 'utf8')).split('\n').filter((l) => l !== '');

describe('journal persistence', () => {
  it('acknowledges a write only once its journal line is on disk, while listeners hear at once', async () => {
    const file = join(dir, 'ack.json');
    // A long group-commit window makes the gap between event and ack observable.
    const emu = await start(file, { groupCommitMs: 300 });
    const writer = connectClient(emu);
    const reader = connectClient(emu, writer.ns);
    let heard: number | null = null;
    onValue(ref(reader.db, 'v'), (s) => {
      if (s.val() !== null) heard = Date.now();
    });
    await get(ref(reader.db, 'v'));
    const acked = set(ref(writer.db, 'v'), 7).then(() => Date.now());
    const heardAt = await waitFor(() => heard ?? undefined);
    expect(await journalLines(file)).toEqual([]);
    const ackedAt = await acked;
    expect(ackedAt).toBeGreaterThanOrEqual(heardAt);
    expect(await journalLines(file)).toHaveLength(1);
    expect(await onDisk(file, writer.ns)).toEqual({ v: 7 });
    await writer.close();
    await reader.close();
    await emu.close();
  });

  it('lets the writes of one window share a single fsync, each acknowledged durable', async () => {
    const file = join(dir, 'group.json');
    const emu = await start(file, { groupCommitMs: 200 });
    const before = emu.store?.syncs ?? 0;
    const ns = 'group';
    const writes = Array.from({ length: 40 }, (_, i) =>
      rest(emu, 'PUT', `/g/${i}.json`, { ns, body: { n: i } }),
    );
    const answers = await Promise.all(writes);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const syncs = (emu.store?.syncs ?? 0) - before;
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(syncs).toBeLessThan(5);
    expect(await journalLines(file)).toHaveLength(40);
    const expected = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [i, { n: i }]));
    expect(await onDisk(file, ns)).toEqual({ g: Object.values(expected) });
    await emu.close();
  });

  it('answers a write the disk refused with an error, never ok', async () => {
    const sub = await mkdtemp(join(dir, 'full-'));
    const file = join(sub, 'db.json');
    const emu = await start(file, { compactBytes: 100 });
    // The next journal is /dev/full, where every write fails with ENOSPC, like a full disk.
    await symlink('/dev/full', `${file}.journal.1`);
    const c = connectClient(emu);
    await set(ref(c.db, 'a'), 'x'.repeat(200));
    await waitFor(() => ((emu.store?.stats.compactions ?? 0) >= 1 ? true : undefined));
    await expect(set(ref(c.db, 'b'), 1)).rejects.toThrow(/write_failed/i);
    const put = await rest(emu, 'PUT', '/c.json', { ns: c.ns, body: 2 });
    expect(put.status).toBe(500);
    expect((await rest(emu, 'GET', '/a.json', { ns: c.ns })).body).toBe('x'.repeat(200));
    await c.close();
    await emu.close().catch(() => undefined);
  });

  it('replays every kind of write to exactly the tree the emulator holds', async () => {
    const file = join(dir, 'kinds.json');
    const emu = await start(file);
    const c = connectClient(emu);
    await set(ref(c.db, 'a'), { b: 1, c: { d: 'x' } });
    await setWithPriority(ref(c.db, 'p'), 'v', 4);
    await setPriority(ref(c.db, 'a'), 'prio');
    await set(ref(c.db, 't'), serverTimestamp());
    await set(ref(c.db, 'n'), 5);
    await set(ref(c.db, 'n'), increment(2));
    await update(ref(c.db), { 'a/c/d': null, 'u/v': true, 'w/x/y': [1, 2] });
    await push(ref(c.db, 'list'), 'pushed');
    await remove(ref(c.db, 'a/b'));
    await set(ref(c.db, 'a/b'), 3);
    const live = (await rest(emu, 'GET', '/.json', { ns: c.ns, query: 'format=export' })).body;
    const loaded = await loadPersisted(file, false);
    expect(toJson(loaded.namespaces.get(c.ns) ?? null, true)).toEqual(live);
    expect((live as { n: number }).n).toBe(7);
    await c.close();
    await emu.close();
  });

  it('drops a torn last line, keeps every complete one, and appends after them', async () => {
    const file = join(dir, 'torn.json');
    await writeFile(file, JSON.stringify({ '.namespaces': { t: { base: 1 } } }));
    const good = ['{"ns":"t","w":[["a",1]]}', '{"ns":"t","w":[["b",{"c":2}]]}'];
    await writeFile(`${file}.journal.0`, `${good.join('\n')}\n{"ns":"t","w":[["torn",`);
    // A snapshot that a crash cut short before its rename.
    await writeFile(join(dir, '.torn.json.12345.tmp'), '{".generation":1,".namesp');
    const logs: string[] = [];
    const emu = await startEmulator({
      port: 0,
      rulesText: OPEN_RULES,
      dataFile: file,
      log: (l) => logs.push(l),
    });
    expect(logs.join('\n')).toMatch(/dropped an incomplete last line/);
    expect(await readdir(dir)).not.toContain('.torn.json.12345.tmp');
    expect((await rest(emu, 'GET', '/.json', { ns: 't' })).body).toEqual({
      base: 1,
      a: 1,
      b: { c: 2 },
    });
    expect((await rest(emu, 'PUT', '/d.json', { ns: 't', body: 4 })).status).toBe(200);
    const lines = await journalLines(file);
    expect(lines.slice(0, 2)).toEqual(good);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toHaveLength(3);
    expect(await onDisk(file, 't')).toEqual({ base: 1, a: 1, b: { c: 2 }, d: 4 });
    await emu.close();
  });

  it('refuses a damaged data file in plain words naming it, and leaves every file as it was', async () => {
    const sub = await mkdtemp(join(dir, 'corrupt-'));
    const file = join(sub, 'database.json');
    const snapshot = '{".namespaces": {"x": {"a": 1}';
    const journal = '{"ns":"x","w":[["b",2]]}\n';
    await writeFile(file, snapshot);
    await writeFile(`${file}.journal.0`, journal);
    await expect(start(file)).rejects.toThrow(
      new RegExp(
        `data file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged.*not valid JSON.*Nothing was changed or deleted`,
      ),
    );
    expect((await readdir(sub)).sort()).toEqual(['database.json', 'database.json.journal.0']);
    expect(await readFile(file, 'utf8')).toBe(snapshot);
    expect(await readFile(`${file}.journal.0`, 'utf8')).toBe(journal);
  });

  it('migrates a whole-file database from before the journal on first start, losing nothing', async () => {
    const file = join(dir, 'old.json');
    const old = {
      '.namespaces': { m: { users: { u1: { name: 'Ann', '.priority': 3 } }, n: 5 } },
      '.seed': { seeded: true },
    };
    await writeFile(file, JSON.stringify(old));
    const emu = await start(file);
    const c = connectClient(emu, 'm');
    expect((await get(ref(c.db, 'users/u1'))).exportVal()).toEqual({
      name: 'Ann',
      '.priority': 3,
    });
    await set(ref(c.db, 'n'), 6);
    expect(await readdir(dir)).toContain('old.json.journal.0');
    expect(await onDisk(file, 'm')).toEqual({ users: { u1: { name: 'Ann' } }, n: 6 });
    const fresh = connectClient(emu, 'fresh');
    expect((await get(ref(fresh.db, 'seeded'))).val()).toBe(true);
    await c.close();
    await fresh.close();
    await emu.close();
    // A clean stop folds the journal into the data file, which is then complete on its own.
    expect((await readdir(dir)).filter((f) => f.startsWith('old.json.journal'))).toEqual([]);
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(saved['.namespaces'].m).toEqual({
      users: { u1: { name: 'Ann', '.priority': 3 } },
      n: 6,
    });
    expect(saved['.seed']).toEqual({ seeded: true });
  });

  it('compacts into a snapshot that, with the journal after it, equals every write made', async () => {
    const sub = await mkdtemp(join(dir, 'compact-'));
    const file = join(sub, 'db.json');
    const emu: RunningEmulator = await start(file, { compactBytes: 4000 });
    const c = connectClient(emu, 'k');
    const expected = new Map<string, unknown>();
    for (let i = 0; i < 120; i++) {
      const key = `k${i % 50}`;
      const value = i % 7 === 6 ? null : { i, text: 'x'.repeat(100) };
      await set(ref(c.db, `items/${key}`), value);
      if (value === null) expected.delete(key);
      else expected.set(key, value);
    }
    await waitFor(() => ((emu.store?.stats.compactions ?? 0) >= 2 ? true : undefined));
    await set(ref(c.db, 'items/after'), 'compaction');
    expected.set('after', 'compaction');
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as { '.generation': number };
    expect(snapshot['.generation']).toBeGreaterThanOrEqual(2);
    // The journals the snapshot includes are gone; the ones left come after it.
    const generations = (await readdir(sub))
      .filter((f) => f.startsWith('db.json.journal.'))
      .map((f) => Number(f.slice('db.json.journal.'.length)));
    expect(generations.length).toBeGreaterThanOrEqual(1);
    expect(generations.every((g) => g >= snapshot['.generation'])).toBe(true);
    expect(await onDisk(file, 'k')).toEqual({ items: Object.fromEntries(expected) });
    await c.close();
    await emu.close();
  });

  it('runs one compaction at a time: one asked for during another waits for it', async () => {
    const sub = await mkdtemp(join(dir, 'serial-'));
    const file = join(sub, 'db.json');
    const emu: RunningEmulator = await start(file);
    const store = emu.store;
    if (!store) throw new Error('no store');
    const c = connectClient(emu, 'k');
    await set(ref(c.db, 'big'), { text: 'y'.repeat(500_000) });
    const first = store.compact();
    const second = store.compact();
    await set(ref(c.db, 'during'), 1);
    await Promise.all([first, second]);
    expect(store.stats.compactions).toBe(2);
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as { '.generation': number };
    expect(snapshot['.generation']).toBe(2);
    expect((await readdir(sub)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await onDisk(file, 'k')).toEqual({ big: { text: 'y'.repeat(500_000) }, during: 1 });
    await c.close();
    await emu.close();
  });
});
