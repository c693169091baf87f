import {
  equalTo,
  onValue,
  orderByChild,
  query,
  ref,
  type Database,
  type Unsubscribe,
} from 'firebase/database';

type Parse<T> = (id: string, value: unknown) => T | null;

/**
 * Listens to the records of `path` where either of two fields equals `uid` (e.g. sent and
 * received requests), as two indexed queries that the rules allow, never the whole list.
 * Calls `onData` with the merged, parsed list once both sides have answered, then on every
 * change. Malformed records are skipped rather than breaking the panel.
 */
export function subscribeEitherSide<T extends { id: string }>(
  db: Database,
  path: string,
  fields: readonly [string, string],
  uid: string,
  parse: Parse<T>,
  onData: (items: T[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const sides: Array<Map<string, T> | null> = fields.map(() => null);
  let failed = false;

  const emit = () => {
    if (failed) return;
    const merged = new Map<string, T>();
    for (const side of sides) {
      if (!side) return;
      for (const [id, item] of side) merged.set(id, item);
    }
    onData([...merged.values()]);
  };

  const unsubscribes = fields.map((field, index) =>
    onValue(
      query(ref(db, path), orderByChild(field), equalTo(uid)),
      (snapshot) => {
        const items = new Map<string, T>();
        snapshot.forEach((child) => {
          const item = child.key ? parse(child.key, child.val()) : null;
          if (item) items.set(item.id, item);
        });
        sides[index] = items;
        emit();
      },
      (error) => {
        // Both queries fail together when access is lost; report it once.
        if (failed) return;
        failed = true;
        onError(error);
      },
    ),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/** Parses every child of a snapshot-like value into a list, skipping malformed ones. */
export function parseChildren<T>(value: unknown, parse: Parse<T>): T[] {
  if (typeof value !== 'object' || value === null) return [];
  const out: T[] = [];
  for (const [id, child] of Object.entries(value as Record<string, unknown>)) {
    const item = parse(id, child);
    if (item) out.push(item);
  }
  return out;
}
