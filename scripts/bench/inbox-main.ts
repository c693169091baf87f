/**
 * `npx tsx scripts/bench/inbox-main.ts`: the inbox figures alone (section 6 of `npm run bench`),
 * on fresh emulators without building the app. Knob: BENCH_MESSAGES (samples, default 300).
 */
import { join } from 'node:path';
import { startBackend } from '../stack/backend';
import { repoRoot } from '../stack/paths';
import { freePort } from '../stack/ports';
import { inboxBench, printInboxSummary } from './inbox';
import { benchPassword, latencyPair } from './seed';

const backend = await startBackend({
  projectId: 'demo-bench-inbox',
  host: '127.0.0.1',
  authPort: await freePort(),
  dbPort: await freePort(),
  rulesFile: join(repoRoot, 'database.rules.json'),
  official: false,
});
try {
  const pair = await latencyPair(backend);
  const figures = await inboxBench(
    backend,
    pair,
    benchPassword,
    Number(process.env.BENCH_MESSAGES ?? 300),
  );
  printInboxSummary(figures);
} finally {
  await backend.stop();
}
process.exit(0);
