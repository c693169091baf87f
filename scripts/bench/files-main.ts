/**
 * `npx tsx scripts/bench/files-main.ts`: file and voice messages (section 13) alone, on a fresh
 * stack.
 */
import { launchBrowser } from './browser';
import { chatFilesBench, printFileSummary } from './chat-files';
import { startBenchStack } from './stack';

const log = (line: string) => console.log(`[files] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  printFileSummary(await chatFilesBench(browser, stack.target, stack.appUrl, log));
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
