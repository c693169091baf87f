/**
 * Test control (`--test-controls` only): "commit the next write under path P, then drop its
 * acknowledgement and the connection", the moment a real network can cut between the server's
 * commit and its `ok`. The SDK then re-sends the write on reconnect, as it does against the real
 * database. Armed through REST (`POST /.test/drop-ack.json`, rest/test-control.ts); used by
 * protocol/connection.ts.
 */
import { checkedPath, parsePath } from '../data/path';

/** A write's body as the SDK sends it: `p` the path, `d` the value (a merge's children). */
interface WriteBody {
  p?: unknown;
  d?: unknown;
}

function isUnder(path: string[], prefix: string[]): boolean {
  return prefix.every((segment, i) => path[i] === segment);
}

/** Every location a put (`p`) or merge (`m`) writes, as segments. */
function writtenPaths(action: string, body: WriteBody): string[][] {
  if (typeof body.p !== 'string') return [];
  const base = parsePath(body.p);
  if (action === 'p') return [base];
  if (action !== 'm' || typeof body.d !== 'object' || body.d === null) return [];
  return Object.keys(body.d).map((key) => [...base, ...parsePath(key)]);
}

export class AckDrops {
  /** Armed prefixes per namespace, first armed first used. */
  private readonly armed = new Map<string, string[][]>();

  /** Arms one drop for the next committed write touching `path` (or below it). */
  arm(ns: string, path: string): void {
    const prefix = checkedPath(path);
    const list = this.armed.get(ns) ?? [];
    list.push(prefix);
    this.armed.set(ns, list);
  }

  /** True (and disarmed) when this committed write is the one to leave unacknowledged. */
  take(ns: string, action: string, body: WriteBody): boolean {
    const list = this.armed.get(ns);
    if (!list?.length || (action !== 'p' && action !== 'm')) return false;
    const paths = writtenPaths(action, body);
    const index = list.findIndex((prefix) => paths.some((path) => isUnder(path, prefix)));
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  }

  /** How many drops are armed and not used yet, for the control's answer. */
  pending(ns: string): number {
    return this.armed.get(ns)?.length ?? 0;
  }
}
