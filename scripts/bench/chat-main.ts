/**
 * `npx tsx scripts/bench/chat-main.ts`: section 5 of `npm run bench` alone (a short and a
 * 10,000-message chat: sends, received messages, open time), on a fresh stack.
 */
import { launchBrowser } from './browser';
import { chatBench } from './chat-send';
import { printChatSummary } from './chat-send-report';
import { startBenchStack } from './stack';

const log = (line: string) => console.log(`[chat] ${line}`);
const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  printChatSummary(await chatBench(browser, stack.target, stack.appUrl, log));
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
