/**
 * `npx tsx scripts/bench/sealed-main.ts`: section 5b of `npm run bench` alone (a send in an
 * end-to-end encrypted conversation against one in clear text), on a fresh stack.
 */
import { launchBrowser } from './browser';
import { printSealedSendSummary, sealedSendBench } from './chat-sealed';
import { startBenchStack } from './stack';

const log = (line: string) => console.log(`[sealed] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  printSealedSendSummary(await sealedSendBench(browser, stack.target, stack.appUrl, log));
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
