import { DataError } from './errors';
import { type DataNode, getChild, leafValue, priorityOf } from './node';

/**
 * Replaces `{".sv": …}` placeholders with concrete values. `existing` is the current node at the
 * same location, which `increment` adds to. Returns the input object itself when nothing changed.
 */
export function resolveServerValues(json: unknown, existing: DataNode, now: number): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) {
    const out = json.map((v: unknown, i) =>
      resolveServerValues(v, getChild(existing, String(i)), now),
    );
    return out.some((r, i) => r !== json[i]) ? out : json;
  }
  const obj = json as Record<string, unknown>;
  if ('.sv' in obj) return resolvePlaceholder(obj['.sv'], existing, now);
  let out: Record<string, unknown> | null = null;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    let ex: DataNode;
    if (k === '.priority') ex = priorityOf(existing);
    else if (k === '.value') ex = existing;
    else ex = getChild(existing, k);
    const r = resolveServerValues(v, ex, now);
    if (r !== v) {
      out ??= { ...obj };
      out[k] = r;
    }
  }
  return out ?? obj;
}

function resolvePlaceholder(sv: unknown, existing: DataNode, now: number): number {
  if (sv === 'timestamp') return now;
  if (sv !== null && typeof sv === 'object' && !Array.isArray(sv)) {
    const delta = (sv as Record<string, unknown>).increment;
    if (typeof delta === 'number' && Number.isFinite(delta)) {
      const current = leafValue(existing);
      return typeof current === 'number' ? current + delta : delta;
    }
  }
  throw new DataError(`Unsupported server value ${JSON.stringify(sv)}`);
}
