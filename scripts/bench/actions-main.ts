/**
 * `npx tsx scripts/bench/actions-main.ts`: the message actions' figures alone (section 9 of
 * `npm run bench`), on fresh emulators without building the app. Knob: BENCH_REACTIONS (100).
 */
import { join } from 'node:path';
import { startBackend } from '../stack/backend';
import { repoRoot } from '../stack/paths';
import { freePort } from '../stack/ports';
import { actionBytes, reactionLatency } from './actions';
import { benchPassword, latencyPair } from './seed';

const backend = await startBackend({
  projectId: 'demo-bench-actions',
  host: '127.0.0.1',
  authPort: await freePort(),
  dbPort: await freePort(),
  rulesFile: join(repoRoot, 'database.rules.json'),
  official: false,
});
try {
  const bytes = actionBytes();
  console.log(`bytes per reaction (with the author's notice): ${String(bytes.reaction)}`);
  console.log(`bytes per edit: ${String(bytes.edit)} (last message), ${String(bytes.editNotLast)}`);
  const pair = await latencyPair(backend);
  const r = await reactionLatency(
    backend,
    pair,
    benchPassword,
    Number(process.env.BENCH_REACTIONS ?? 100),
  );
  console.log(
    `reaction → other party over ${String(r.samples)}: p50 ${r.p50.toFixed(1)} ms, ` +
      `p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
  );
} finally {
  await backend.stop();
}
process.exit(0);
