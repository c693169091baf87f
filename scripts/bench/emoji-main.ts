/**
 * `npx tsx scripts/bench/emoji-main.ts`: the emoji picker figures of section 8 alone (its
 * chunk, its data asset and its open time at 4x CPU once the data is cached), on a fresh stack.
 */
import { launchBrowser } from './browser';
import { seedChats } from './chat-seed';
import { emojiOpenBench } from './emoji-open';
import { kb, ms } from './report';
import { startBenchStack } from './stack';

const log = (line: string) => console.log(`[emoji] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  const people = await seedChats(stack.target, { short: 10, long: 1 });
  const e = await emojiOpenBench(browser, stack.appUrl, stack.outDir, people);
  for (const c of e.chunks) log(`chunk ${c.file}: ${kb(c.gzip)} gzip, ${kb(c.raw)} raw`);
  log(`data ${e.data.url}: ${kb(e.data.bytes)} (${e.data.encoding})`);
  log(`first open (1x CPU, downloads): ${ms(e.firstMs)}`);
  log(`opens at 4x CPU, data cached, after a reload: ${e.cachedMs.map(ms).join(', ')}`);
  log(`opened again in the same page: ${e.reopenMs.map(ms).join(', ')}`);
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
