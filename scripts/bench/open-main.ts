/**
 * `npx tsx scripts/bench/open-main.ts`: opening a conversation alone (section 5's 'open'
 * figure, repeated): in Chromium at 4x CPU slowdown, the click on a friend to their newest
 * message on screen, for a 10-message and a 10,000-message chat, each opened BENCH_OPENS (3)
 * times in turn. With BENCH_OPEN_PROFILE=<dir>, the first open of each is also recorded as a
 * CPU profile and a trace there (open either in Chromium's DevTools, Performance panel).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, freshPage, signInToHome } from './browser';
import { desktopWindow, openConversation, throttle, waitForSearchIndex } from './chat-page';
import { chatSizes, CPU_SLOWDOWN } from './chat-send';
import { seedChats, type ChatWith } from './chat-seed';
import { ms, table } from './report';
import { startBenchStack } from './stack';

const OPENS = Number(process.env.BENCH_OPENS ?? 3);
const profileDir = process.env.BENCH_OPEN_PROFILE;
const log = (line: string) => console.log(`[open] ${line}`);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const stack = await startBenchStack(log);
const browser = await launchBrowser();
try {
  const people = await seedChats(stack.target, chatSizes);
  const page = await freshPage(browser);
  const cdp = await desktopWindow(page);
  await signInToHome(page, stack.appUrl, people.me.email);
  await page.goto(`${stack.appUrl}/pages/messages`);
  // Search reads every conversation after sign-in: otherwise it lands in whichever open is first.
  await waitForSearchIndex(page);
  const times: Record<'short' | 'long', number[]> = { short: [], long: [] };
  const open = async (which: 'short' | 'long', chat: ChatWith, profile: boolean) => {
    const newest = `Message ${String(chat.messages - 1)} from`;
    await throttle(cdp, CPU_SLOWDOWN);
    if (profile && profileDir) {
      mkdirSync(profileDir, { recursive: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await browser.startTracing(page, {
        path: join(profileDir, `open-${which}.trace.json`),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
      });
    }
    const took = await openConversation(page, chat.friend.username, newest);
    if (profile && profileDir) {
      await browser.stopTracing();
      const { profile: recorded } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `open-${which}.cpuprofile`), JSON.stringify(recorded));
    }
    await throttle(cdp, 1);
    times[which].push(took);
    log(`${which}: ${ms(took)}`);
    await page.waitForTimeout(1000);
  };
  for (let i = 0; i < OPENS; i++) {
    await open('short', people.short, i === 0 && !!profileDir);
    await open('long', people.long, i === 0 && !!profileDir);
  }
  console.log(
    table(
      `Open a conversation, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown (click to the newest message on screen)`,
      ['Conversation', 'first open', `median of ${String(OPENS)}`],
      [
        ['10 messages', ms(times.short[0] ?? NaN), ms(median(times.short))],
        [`${String(chatSizes.long)} messages`, ms(times.long[0] ?? NaN), ms(median(times.long))],
        ['long / short', '', `${(median(times.long) / median(times.short)).toFixed(2)}x`],
      ],
    ),
  );
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
