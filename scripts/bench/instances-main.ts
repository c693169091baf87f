/**
 * `npx tsx scripts/bench/instances-main.ts`: section 14 of `npm run bench` alone (the chat, the
 * sealed send and the inbox figures on one instance against two, in the same session), on two
 * fresh stacks of its own. `--kept`: only the pooled table of the runs kept so far, nothing run.
 */
import { launchBrowser } from './browser';
import { instancesBench } from './instances-compare';
import { printInstancesSummary, printPooled } from './instances-summary';

if (process.argv.includes('--kept')) {
  printPooled(process.env.BENCH_CHAT_REPLY ?? 'message');
  process.exit(0);
}
const started = Date.now();
const log = (line: string) =>
  console.log(`[instances ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const browser = await launchBrowser();
try {
  printInstancesSummary(await instancesBench(browser, log));
} finally {
  await browser.close();
}
process.exit(0);
