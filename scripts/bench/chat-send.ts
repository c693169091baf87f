/**
 * 5. The chat with a long conversation: in Chromium at 4x CPU slowdown, the time from Enter
 * to the bubble in a 10-message chat and in a 10,000-message chat paged back to its first
 * message, the message nodes the DOM holds then, and the time to show the newest page.
 */
import type { Browser } from 'playwright-core';
import type { AdminTarget } from '../stack/admin';
import { freshPage, signInToHome } from './browser';
import {
  desktopWindow,
  messageNodes,
  openConversation,
  pageBackToStart,
  scrollToNewest,
  throttle,
  timeSend,
} from './chat-page';
import { seedChats, type ChatPeople } from './chat-seed';
import { int, ms, table } from './report';

export const CPU_SLOWDOWN = 4;
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 5);
export const chatSizes = { short: 10, long: Number(process.env.BENCH_CHAT_LONG ?? 10_000) };

export interface ChatRun {
  messages: number;
  /** Click on the friend to their newest message on screen. */
  openMs: number;
  pageBackMs: number;
  messageNodes: number;
  sendMs: number[];
}

export interface ChatResults {
  short: ChatRun;
  long: ChatRun;
  /** The seeded accounts, reused by the web vitals (section 8). */
  people: ChatPeople;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function chatBench(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  log: (line: string) => void,
): Promise<ChatResults> {
  const people = await seedChats(target, chatSizes);
  log(`chat: seeded ${int(chatSizes.short)} and ${int(chatSizes.long)} messages`);
  const page = await freshPage(browser);
  const cdp = await desktopWindow(page);
  await signInToHome(page, appUrl, people.me.email);
  await page.goto(`${appUrl}/pages/messages`);

  const run = async (chat: { friend: { username: string }; messages: number }) => {
    const name = chat.friend.username;
    const newestText = `Message ${String(chat.messages - 1)} from`;
    await throttle(cdp, CPU_SLOWDOWN);
    const openMs = await openConversation(page, name, newestText);
    await throttle(cdp, 1);
    const pageBackMs = await pageBackToStart(page, name);
    log(`chat: ${name} paged back to message 0 in ${ms(pageBackMs)}`);
    await scrollToNewest(page, name);
    await throttle(cdp, CPU_SLOWDOWN);
    const sendMs: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      sendMs.push(await timeSend(page, name, `Bench send ${String(i)} to ${name}`));
      await page.waitForTimeout(500);
    }
    await throttle(cdp, 1);
    return {
      messages: chat.messages,
      openMs,
      pageBackMs,
      messageNodes: await messageNodes(page, name),
      sendMs,
    };
  };
  const short = await run(people.short);
  const long = await run(people.long);
  await page.context().close();
  return { short, long, people };
}

export function printChatSummary(r: ChatResults): void {
  const row = (label: string, run: ChatRun) => [
    label,
    ms(median(run.sendMs)),
    ms(Math.max(...run.sendMs)),
    ms(run.openMs),
    int(run.messageNodes),
  ];
  console.log(
    table(
      `5. Chat, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown, 1280×720 (send: Enter to the bubble, median and worst of ${String(SENDS)})`,
      [
        'Conversation (paged back to its first message)',
        'send p50',
        'send max',
        'open: newest page',
        'message nodes in DOM',
      ],
      [
        row(`${int(r.short.messages)} messages`, r.short),
        row(`${int(r.long.messages)} messages`, r.long),
      ],
    ),
  );
}
