/**
 * Model-based: random writes (set, update, remove, priorities, at every depth) against random
 * queries, through the real SDK, one app writing and another listening (so no local, optimistic
 * event mixes in). After each write the server's state is read over REST and every event the
 * listener got for that write is checked against reference-query.ts: at most one `value`, equal
 * to the reference window after that write (none when the window did not change), and exactly
 * the child events that lead from the previous window to it. A listener that saw a window that
 * never existed on the server fails here.
 *
 * EMULATOR_MODEL_SEED reruns a failing seed; EMULATOR_MODEL_RUNS changes the number of runs.
 */
import fc from 'fast-check';
import {
  type DataSnapshot,
  type Query,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
  query,
  ref,
  set,
} from 'firebase/database';
import { expect, it } from 'vitest';
import { type TestClient, emulatorForFile, rest, waitFor } from './helpers';
import { type QueryCase, describeQuery, queryArb, queryConstraints } from './query-model-queries';
import { type Write, applyWrite, listArb, writeArb } from './query-model-writes';
import {
  type Entry,
  type Export,
  referenceChildEvents,
  referenceWindow,
  windowText,
} from './reference-query';

const { client, emu } = emulatorForFile();

const RUNS = Number(process.env.EMULATOR_MODEL_RUNS ?? 100);
const SEED = Number(process.env.EMULATOR_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('EMULATOR_MODEL_RUNS: a positive integer');
if (!Number.isInteger(SEED))
  throw new Error('EMULATOR_MODEL_SEED: an integer (a failure prints it)');

interface Scenario {
  initial: Export;
  queries: QueryCase[];
  writes: Write[];
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    initial: listArb,
    queries: fc.array(queryArb, { minLength: 1, maxLength: 3 }),
    writes: fc.array(writeArb, { minLength: 1, maxLength: 8 }),
  })
  // fast-check builds records without a prototype; the SDK calls hasOwnProperty on its data.
  .map((sc) => JSON.parse(JSON.stringify(sc)) as Scenario);

/** One query's events since they were last taken, as the listener's callbacks saw them. */
class Recorder {
  private events: string[] = [];
  readonly offs: (() => void)[];

  constructor(q: Query) {
    const child =
      (type: string) =>
      (s: DataSnapshot, prev?: string | null): void => {
        this.events.push(
          type === 'child_removed' ? `${type} ${s.key}` : `${type} ${s.key} ${prev ?? 'null'}`,
        );
      };
    this.offs = [
      onChildAdded(q, child('child_added')),
      onChildChanged(q, child('child_changed')),
      onChildMoved(q, child('child_moved')),
      onChildRemoved(q, child('child_removed')),
      onValue(q, (s) => this.events.push(`value ${windowText(entries(s))}`)),
    ];
  }

  get valueCount(): number {
    return this.events.filter((e) => e.startsWith('value ')).length;
  }

  /** The values in order, then the child events sorted. */
  take(): { values: string[]; children: string[] } {
    const events = this.events;
    this.events = [];
    return {
      values: events.filter((e) => e.startsWith('value ')).map((e) => e.slice(6)),
      children: events.filter((e) => !e.startsWith('value ')).sort(),
    };
  }
}

function entries(s: DataSnapshot): Entry[] {
  const out: Entry[] = [];
  s.forEach((c) => {
    out.push([c.key, c.exportVal() as Export]);
  });
  return out;
}

async function serverList(ns: string, list: string): Promise<Export> {
  const res = await rest(emu(), 'GET', `/${list}.json`, { ns, query: 'format=export' });
  if (res.status !== 200) throw new Error(`GET ${list}: ${res.status}`);
  return res.body as Export;
}

function checkStep(
  step: string,
  q: QueryCase,
  got: { values: string[]; children: string[] },
  before: Entry[],
  after: Entry[],
  initial = false,
): void {
  // The first load always raises a value, even an empty one; later steps only on a change.
  const changed = initial || windowText(before) !== windowText(after);
  const expected = {
    values: changed ? [windowText(after)] : [],
    children: referenceChildEvents(q.index, before, after),
  };
  if (JSON.stringify(got) === JSON.stringify(expected)) return;
  throw new Error(
    `${describeQuery(q)} after ${step}\n` +
      `  window before: ${windowText(before)}\n  window after:  ${windowText(after)}\n` +
      `  expected: ${JSON.stringify(expected)}\n  got:      ${JSON.stringify(got)}`,
  );
}

async function play(
  writer: TestClient,
  listener: TestClient,
  base: string,
  sc: Scenario,
): Promise<void> {
  const list = `${base}/list`;
  const marker = `${base}/marker`;
  await set(ref(writer.db, list), sc.initial);
  let state = await serverList(writer.ns, list);
  let seen = -1;
  const offMarker = onValue(ref(listener.db, marker), (s) => {
    seen = typeof s.val() === 'number' ? (s.val() as number) : 0;
  });
  const recorders = sc.queries.map(
    (q) => new Recorder(query(ref(listener.db, list), ...queryConstraints(q))),
  );
  try {
    await waitFor(() =>
      seen === 0 && recorders.every((r) => r.valueCount > 0) ? true : undefined,
    );
    sc.queries.forEach((q, i) => {
      checkStep('the initial load', q, recorders[i].take(), [], referenceWindow(state, q), true);
    });
    for (const [n, w] of sc.writes.entries()) {
      await applyWrite(writer.db, list, w);
      const next = await serverList(writer.ns, list);
      // The listener's connection delivers in order: once it has the marker, it has the write.
      await set(ref(writer.db, marker), n + 1);
      await waitFor(() => (seen === n + 1 ? true : undefined));
      sc.queries.forEach((q, i) => {
        const step = `write ${n + 1} ${JSON.stringify(w)}`;
        checkStep(
          step,
          q,
          recorders[i].take(),
          referenceWindow(state, q),
          referenceWindow(next, q),
        );
      });
      state = next;
    }
  } finally {
    offMarker();
    recorders.forEach((r) => r.offs.forEach((off) => off()));
  }
}

it('a query listener sees each committed window once, with the child events leading to it', async () => {
  const writer = client();
  const listener = client(writer.ns);
  let run = 0;
  const property = fc.asyncProperty(scenarioArb, async (sc) => {
    run++;
    await play(writer, listener, `runs/${run}`, sc);
  });
  try {
    await fc.assert(property, {
      numRuns: RUNS,
      seed: SEED,
      plugins: [fc.interruptAfterTimeLimit(100_000, { failOnInterrupt: true })],
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}\nRerun with EMULATOR_MODEL_SEED=${SEED}`, {
      cause: e,
    });
  }
  expect(run).toBeGreaterThanOrEqual(RUNS);
}, 120_000);
