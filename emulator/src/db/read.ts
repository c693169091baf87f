import { type Json, toJson } from '../data/json';
import { type DataNode, getAt } from '../data/node';
import type { Path } from '../data/path';
import { type QuerySpec, loadsAllData } from '../query/spec';
import { queryWindow } from '../query/window';

/** The value a get (or REST GET) returns: the node, or the query's window of its children. */
export function readValue(
  root: DataNode,
  path: Path,
  spec: QuerySpec | null,
  exportFormat: boolean,
): Json {
  const node = getAt(root, path);
  if (!spec || loadsAllData(spec)) return toJson(node, exportFormat);
  const entries = queryWindow(node, spec);
  if (entries.length === 0) return null;
  const out: Record<string, Json> = {};
  for (const [k, v] of entries) out[k] = toJson(v, exportFormat);
  return out;
}
