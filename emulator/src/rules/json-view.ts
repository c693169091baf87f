/**
 * A DataView over export-format JSON (`.priority` on objects, `{".value", ".priority"}` leaves),
 * for tests and for callers that hold plain JSON rather than the core's tree.
 */
import type { DataView } from './contract';

type Leaf = string | number | boolean;
type Priority = string | number | null;

type JsonTree =
  | { leaf: Leaf; children: null; priority: Priority }
  | { leaf: null; children: ReadonlyMap<string, JsonTree>; priority: Priority }
  | null;

function priorityOf(record: Record<string, unknown>): Priority {
  const priority = record['.priority'];
  return typeof priority === 'string' || typeof priority === 'number' ? priority : null;
}

function normalize(value: unknown): JsonTree {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { leaf: value, children: null, priority: null };
  if (typeof value !== 'object' || value === null) return null;
  // Arrays are stored as objects keyed by index, as the database does.
  const record = (Array.isArray(value) ? Object.assign({}, value) : value) as Record<
    string,
    unknown
  >;
  const priority = priorityOf(record);
  if ('.value' in record) {
    const inner = normalize(record['.value']);
    return inner && { ...inner, priority };
  }
  const children = new Map<string, JsonTree>();
  for (const [key, child] of Object.entries(record)) {
    if (key === '.priority') continue;
    const normalized = normalize(child);
    if (normalized) children.set(key, normalized);
  }
  return children.size > 0 ? { leaf: null, children, priority } : null;
}

class JsonView implements DataView {
  constructor(private readonly tree: JsonTree) {}

  child(key: string): DataView {
    return new JsonView(this.tree?.children?.get(key) ?? null);
  }

  exists(): boolean {
    return this.tree !== null;
  }

  leafValue(): string | number | boolean | null {
    return this.tree?.leaf ?? null;
  }

  childKeys(): string[] {
    return this.tree?.children ? [...this.tree.children.keys()] : [];
  }

  priority(): string | number | null {
    return this.tree?.priority ?? null;
  }
}

export function viewFromJson(value: unknown): DataView {
  return new JsonView(normalize(value));
}
