/**
 * `npx tsx scripts/bench/vitals-main.ts`: section 8 of `npm run bench` alone (the /login LCP
 * and the first open and sends in a short and a long chat at 4x CPU slowdown and slow 4G), on a
 * fresh stack.
 */
import { launchBrowser } from './browser';
import { seedChats } from './chat-seed';
import { chatSizes } from './chat-send';
import { startBenchStack } from './stack';
import { webVitalsBench } from './web-vitals';
import { printVitalsSummary } from './web-vitals-summary';

const log = (line: string) => console.log(`[vitals] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  const people = await seedChats(stack.target, chatSizes);
  log(`seeded ${String(chatSizes.short)}- and ${String(chatSizes.long)}-message conversations`);
  printVitalsSummary(await webVitalsBench(browser, stack.appUrl, stack.outDir, people, log));
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
