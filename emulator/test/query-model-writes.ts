/**
 * Random lists and writes for the model test (query-events-model.test.ts), drawn from small
 * domains (query-model-domains.ts), and how a write is played through the SDK.
 */
import fc from 'fast-check';
import {
  type Database,
  ref,
  remove,
  set,
  setPriority,
  setWithPriority,
  update,
} from 'firebase/database';
import { keyArb, leafArb, priorityArb } from './query-model-domains';
import type { Export, Priority } from './reference-query';

/** A leaf, sometimes with a priority (export format). */
const leafExportArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 3, arbitrary: leafArb },
  { weight: 1, arbitrary: fc.record({ '.value': leafArb, '.priority': priorityArb }) },
);
/** What sits at an item's `f`: a leaf or an object holding `g`/`h` (for orderByChild('f/g')). */
const fieldArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 2, arbitrary: leafExportArb },
  {
    weight: 1,
    arbitrary: fc.record({ g: leafExportArb, h: leafExportArb }, { requiredKeys: [] }),
  },
);
/** A child of the list: a leaf or an object, either possibly with a priority. */
const itemArb: fc.Arbitrary<Export> = fc.oneof(
  { weight: 1, arbitrary: leafExportArb },
  {
    weight: 2,
    arbitrary: fc.record(
      { f: fieldArb, g: leafExportArb, h: leafExportArb, '.priority': priorityArb },
      { requiredKeys: [] },
    ),
  },
);
export const listArb: fc.Arbitrary<Export> = fc.dictionary(keyArb, itemArb, {
  minKeys: 3,
  maxKeys: 8,
});

export type Write =
  | { kind: 'set'; path: string[]; value: Export }
  | { kind: 'setWithPriority'; path: string[]; value: Export; priority: Priority }
  | { kind: 'setPriority'; path: string[]; priority: Priority }
  | { kind: 'update'; path: string[]; changes: Record<string, Export> }
  | { kind: 'remove'; path: string[] };

interface Target {
  path: string[];
  value: fc.Arbitrary<Export>;
}

/** Paths below the list (`[]` is the list itself) with what may be written there. */
const targetArb: fc.Arbitrary<Target> = fc.oneof(
  fc.constant<Target>({
    path: [],
    value: fc.oneof({ weight: 4, arbitrary: listArb }, { weight: 1, arbitrary: leafArb }),
  }),
  keyArb.map((k) => ({ path: [k], value: fc.option(itemArb) })),
  fc
    .tuple(keyArb, fc.constantFrom('f', 'g'))
    .map(([k, f]) => ({ path: [k, f], value: fc.option(fieldArb) })),
  fc
    .tuple(keyArb, fc.constantFrom('g', 'h'))
    .map(([k, g]) => ({ path: [k, 'f', g], value: fc.option(leafExportArb) })),
);

/** An update's paths never overlap (the SDK refuses that): one per list child, or per field. */
const updateArb: fc.Arbitrary<Write> = fc.oneof(
  fc
    .uniqueArray(
      fc.tuple(keyArb, fc.constantFrom<string | null>(null, 'f', 'g', 'f/g'), fc.option(itemArb)),
      { selector: ([k]) => k, minLength: 1, maxLength: 4 },
    )
    .map((parts) => ({
      kind: 'update' as const,
      path: [],
      changes: Object.fromEntries(
        parts.map(([k, sub, v]) => [
          sub === null ? k : `${k}/${sub}`,
          sub === null ? v : leafOf(v),
        ]),
      ),
    })),
  fc
    .tuple(
      keyArb,
      fc.uniqueArray(fc.tuple(fc.constantFrom('f', 'g', 'h'), fc.option(leafExportArb)), {
        selector: ([f]) => f,
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([k, fields]) => ({
      kind: 'update' as const,
      path: [k],
      changes: Object.fromEntries(fields),
    })),
);

/** A field-sized value from an item-sized one (an item may be an object). */
function leafOf(v: Export): Export {
  return typeof v === 'object' && v !== null && !('.value' in v) ? 1 : v;
}

export const writeArb: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 4,
    arbitrary: targetArb.chain(({ path, value }) => value.map((v) => setWrite(path, v))),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(keyArb, fc.oneof(leafArb, fc.record({ f: leafArb, g: leafArb })), priorityArb)
      .map(([k, value, priority]) => ({
        kind: 'setWithPriority' as const,
        path: [k],
        value,
        priority,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(keyArb, fc.option(priorityArb))
      .map(([k, priority]) => ({ kind: 'setPriority' as const, path: [k], priority })),
  },
  { weight: 3, arbitrary: updateArb },
  { weight: 1, arbitrary: targetArb.map(({ path }) => ({ kind: 'remove' as const, path })) },
);

function setWrite(path: string[], value: Export): Write {
  return { kind: 'set', path, value };
}

/** Plays a write through the writer's SDK, below `list`. */
export async function applyWrite(db: Database, list: string, w: Write): Promise<void> {
  const at = ref(db, [list, ...w.path].join('/'));
  switch (w.kind) {
    case 'set':
      return set(at, w.value);
    case 'setWithPriority':
      return setWithPriority(at, w.value, w.priority);
    case 'setPriority':
      return setPriority(at, w.priority);
    case 'update':
      return update(at, w.changes);
    case 'remove':
      return remove(at);
  }
}
