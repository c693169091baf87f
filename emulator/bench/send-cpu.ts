/**
 * CPU of one app send inside the emulator, without sockets or other processes: the root update
 * parsed from its wire text, through database.rules.json, committed and pushed to both users'
 * inbox and latest-page listens (sinks that only count bytes). Steadier than the load run's
 * figure on a shared machine, so optimisations of the hot path can be compared here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromJson } from '../src/data/json';
import { identityFor } from '../src/db/identity';
import type { Listen } from '../src/db/listens';
import { Namespace } from '../src/db/namespace';
import { OnDisconnectQueue } from '../src/db/on-disconnect';
import { type Session, handleRequest } from '../src/protocol/handlers';
import { compileRules } from '../src/rules/index';
import { appSeed, appSend, idToken, relOf, uidOf } from './app-shape';

const ROOT = join(import.meta.dirname, '..', '..');

/** Microseconds of CPU per send, over `sends` sends by `users` users in turn after a warm-up. */
export function sendCpu(users = 200, sends = 20_000): number {
  const rules = compileRules(readFileSync(join(ROOT, 'database.rules.json'), 'utf8'));
  const ns = new Namespace('sendcpu', rules, () => null, Date.now);
  ns.root = fromJson(
    Object.entries(appSeed(users)).reduce<Record<string, Record<string, unknown>>>(
      (tree, [path, value]) => {
        const [top, key] = path.split('/');
        (tree[top] ??= {})[key] = value;
        return tree;
      },
      {},
    ),
  );
  let bytes = 0;
  const sessions = Array.from({ length: users }, (_, i): Session => {
    const session: Session = {
      ns,
      identity: identityFor(idToken(i), {}) ?? { admin: false, auth: null },
      listens: new Map<string, Listen>(),
      onDisconnect: new OnDisconnectQueue(),
      filtersWindows: true,
      setIdentity: () => undefined,
      push: (_a, b) => void (bytes += JSON.stringify(b).length),
      pushSerialized: (m) => void (bytes += m.length),
      dropped: () => undefined,
    };
    handleRequest(session, 'q', { p: `/inbox/${uidOf(i)}`, h: '' });
    handleRequest(session, 'q', {
      p: `/sendMessage/${relOf(i)}`,
      q: { i: 'createdAt', l: 50, vf: 'r' },
      t: 1,
      h: '',
    });
    return session;
  });
  // As received: each request's JSON text, parsed by the connection (the text is the client's).
  const wire = (n: number): string => {
    const i = n % users;
    const text = `load message ${n} from ${uidOf(i)} `.repeat(1 + (n % 4));
    return JSON.stringify({ p: '/', d: appSend(i, `m${String(n).padStart(8, '0')}_${i}`, text) });
  };
  const send = (n: number, text: string): void => {
    const reply = handleRequest(
      sessions[n % users],
      'm',
      JSON.parse(text) as Record<string, unknown>,
    );
    if (reply.s !== 'ok') throw new Error(`send ${n} refused: ${String(reply.d)}`);
  };
  const warmup = Math.floor(sends / 4);
  const texts = Array.from({ length: warmup + sends }, (_, n) => wire(n));
  for (let n = 0; n < warmup; n++) send(n, texts[n]);
  const start = process.cpuUsage();
  for (let n = warmup; n < warmup + sends; n++) send(n, texts[n]);
  const used = process.cpuUsage(start);
  if (bytes === 0) throw new Error('nothing was pushed');
  return (used.user + used.system) / sends;
}
