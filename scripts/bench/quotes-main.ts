/**
 * `npx tsx scripts/bench/quotes-main.ts`: the jump to a reply's original (section 10) alone,
 * on a fresh stack.
 */
import { launchBrowser } from './browser';
import { printQuoteSummary, quoteJumpBench } from './chat-quotes';
import { startBenchStack } from './stack';

const log = (line: string) => console.log(`[quotes] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  printQuoteSummary(await quoteJumpBench(browser, stack.target, stack.appUrl, log));
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
