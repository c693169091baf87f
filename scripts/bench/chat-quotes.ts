/**
 * 10. Jumping to a reply's original: a 10,000-message conversation whose
 * newest message quotes the one 5,000 messages back. In Chromium (1x and 4x CPU), the time
 * from the click on the quote to the original on screen and highlighted (everything from it
 * to the oldest loaded read in one query), and how far the original moves in the second after
 * (the list must not jump).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { demoPushId } from '../demo/data';
import { messageRecord, relationRecord } from '../seed-records';
import { dbRest, type AdminTarget } from '../stack/admin';
import { freshPage, signInToHome } from './browser';
import { desktopWindow, openConversation, slowed } from './chat-page';
import { conversation, createAccount, writeInBatches } from './seed';
import { int, ms, table } from './report';

const TOTAL = Number(process.env.BENCH_CHAT_LONG ?? 10_000);
/** How far back the quoted message is (the newest message is the reply). */
export const QUOTE_BACK = Math.min(5000, TOTAL - 1);
const RUNS = Number(process.env.BENCH_QUOTE_JUMPS ?? 3);

export interface QuoteJumpRun {
  cpu: number;
  /** Click on the quote to the frame after the original shows highlighted. */
  jumpMs: number;
  /** How far (px) the original moved on screen in the second after it showed. */
  driftPx: number;
}

export interface QuoteFigures {
  total: number;
  back: number;
  runs: QuoteJumpRun[];
}

/** Me and a friend with TOTAL messages, then a reply from the friend to message TOTAL - back. */
async function seedQuoteChat(target: AdminTarget) {
  const me = await createAccount(target, 'Quote Reader');
  const friend = await createAccount(target, 'Quote Chat');
  const conversationId = demoPushId(Date.now() - 86_400_000, 990_001);
  await dbRest(target, 'PATCH', '/', {
    [`friendList/${conversationId}`]: relationRecord(me, friend),
    [`pairs/${pairKey(me.uid, friend.uid)}`]: conversationId,
  });
  const paths = conversation(conversationId, me, friend, TOTAL);
  const index = TOTAL - QUOTE_BACK;
  const originalKey = Object.keys(paths).find((path) =>
    (paths[path] as { message: string }).message.startsWith(`Message ${String(index)} from`),
  );
  if (!originalKey) throw new Error(`no message ${String(index)} seeded`);
  const originalId = originalKey.split('/').at(-1) ?? '';
  const at = Date.now() - 30_000;
  paths[`sendMessage/${conversationId}/${demoPushId(at, 990_002)}`] = {
    ...messageRecord(friend, me, 'Quoting the old one', at),
    replyTo: originalId,
  };
  await writeInBatches(target, paths);
  // conversation() alternates senders, me first: the quote names me as 'You'.
  const author = index % 2 ? friend.username : conversationsStrings.messageActions.you;
  return { me, friend, author, originalText: `Message ${String(index)} from` };
}

/** Clicks the quote; ms to the frame after the original is in the DOM, highlighted. */
async function timeJump(page: Page, author: string, originalText: string): Promise<number> {
  const button = page.getByRole('button', { name: conversationsStrings.quotes.label(author) });
  await button.waitFor();
  const timing = page.evaluate<number>(`new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no original after 120 s')), 120000);
    let clicked = 0;
    window.addEventListener('click', () => { clicked = performance.now(); },
      { capture: true, once: true });
    const check = () => {
      const shown = clicked > 0 && [...document.querySelectorAll('[data-highlighted] p')]
        .some((p) => p.textContent.startsWith(${JSON.stringify(originalText)}));
      if (shown) requestAnimationFrame(() => resolve(performance.now() - clicked));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  await button.click();
  return timing;
}

/** The original's top on screen now, and a second later: how far the list moved after. */
async function drift(page: Page, originalText: string): Promise<number> {
  const top = () =>
    page.evaluate(
      (text) =>
        [...document.querySelectorAll('[role="feed"] p')]
          .find((p) => p.textContent.startsWith(text))
          ?.getBoundingClientRect().top ?? NaN,
      originalText,
    );
  const first = await top();
  await page.waitForTimeout(1000);
  return Math.abs((await top()) - first);
}

async function oneRun(
  page: Page,
  cdp: CDPSession,
  appUrl: string,
  friend: string,
  quote: { author: string; originalText: string },
  cpu: number,
): Promise<QuoteJumpRun> {
  const { author, originalText } = quote;
  await page.goto(`${appUrl}/pages/messages`);
  await openConversation(page, friend, 'Quoting the old one');
  return slowed(cdp, cpu, async () => {
    const jumpMs = await timeJump(page, author, originalText);
    const driftPx = await drift(page, originalText);
    return { cpu, jumpMs, driftPx };
  });
}

export async function quoteJumpBench(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  log: (line: string) => void,
): Promise<QuoteFigures> {
  const { me, friend, author, originalText } = await seedQuoteChat(target);
  log(`quotes: seeded ${int(TOTAL)} messages and a reply ${int(QUOTE_BACK)} back`);
  const page = await freshPage(browser);
  const cdp = await desktopWindow(page);
  await signInToHome(page, appUrl, me.email);
  const runs: QuoteJumpRun[] = [];
  for (const cpu of [1, 4]) {
    for (let i = 0; i < RUNS; i++) {
      const run = await oneRun(page, cdp, appUrl, friend.username, { author, originalText }, cpu);
      log(
        `quotes: jump at ${String(cpu)}x CPU in ${ms(run.jumpMs)}, moved ${String(run.driftPx)} px after`,
      );
      runs.push(run);
    }
  }
  await page.context().close();
  return { total: TOTAL, back: QUOTE_BACK, runs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export function printQuoteSummary(f: QuoteFigures): void {
  const rows = [1, 4].map((cpu) => {
    const runs = f.runs.filter((r) => r.cpu === cpu);
    return [
      `${String(cpu)}x CPU`,
      ms(median(runs.map((r) => r.jumpMs))),
      ms(Math.max(...runs.map((r) => r.jumpMs))),
      `${String(Math.max(...runs.map((r) => r.driftPx)))} px`,
    ];
  });
  console.log(
    table(
      `10. Jump to a reply's original ${int(f.back)} messages back in ${int(f.total)}, Chromium 1280×720 (click on the quote to the original shown highlighted, median and worst of ${String(RUNS)}; each run a fresh page)`,
      ['CPU', 'jump p50', 'jump max', 'moved in the second after'],
      rows,
    ),
  );
}
