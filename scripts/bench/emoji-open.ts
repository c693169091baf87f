/**
 * The emoji picker at 4x CPU slowdown (part of section 8): from the click on the composer's
 * emoji icon to the frame after the picker's first emoji buttons are shown, once its code is
 * in the HTTP cache and its data in IndexedDB (a visit after the first open, reloaded so the
 * chunk is loaded and parsed again), and a second open in the same page. Also its sizes: the
 * lazy chunk's gzipped JavaScript and the emoji data asset.
 */
import type { Browser, Page } from 'playwright-core';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { freshPage, signInToHome } from './browser';
import { desktopWindow, openConversation, throttle } from './chat-page';
import { newestText, type ChatPeople } from './chat-seed';
import { CPU_SLOWDOWN } from './chat-send';
import { recordScripts, type Chunk } from './scripts-size';

const OPENS = Number(process.env.BENCH_EMOJI_OPENS ?? 5);

export interface EmojiFigures {
  /** Click to drawn, after a reload (code from the HTTP cache, data from IndexedDB). */
  cachedMs: number[];
  /** Click to drawn, the picker opened again in the same page. */
  reopenMs: number[];
  /** The first open of a fresh visit, at full CPU (code and data downloaded). */
  firstMs: number;
  chunks: Chunk[];
  data: { url: string; bytes: number; encoding: string };
}

// Strings, not functions: tsx would wrap named in-page helpers with a `__name` the page lacks.
const TIME_OPEN = `new Promise((done) => {
  const button = document.querySelector('button[aria-label="${conversationsStrings.chat.emoji}"]');
  const started = performance.now();
  button.click();
  const poll = () => {
    const picker = document.querySelector('emoji-picker');
    const root = picker?.shadowRoot;
    // The app builds the picker ahead and keeps it hidden while closed: shown is what counts.
    const shown = picker?.checkVisibility({ visibilityProperty: true });
    if (root && shown && root.querySelectorAll('.tabpanel button.emoji').length > 0) {
      requestAnimationFrame(() => done(performance.now() - started));
    } else requestAnimationFrame(poll);
  };
  poll();
})`;

/** Clicks the emoji icon; ms from the click to the frame after the picker's emoji are drawn. */
async function timeOpen(page: Page): Promise<number> {
  await page.getByRole('button', { name: conversationsStrings.chat.emoji }).waitFor();
  return Number(await page.evaluate(TIME_OPEN));
}

async function close(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: conversationsStrings.chat.emojiPalette })
    .waitFor({ state: 'hidden' });
}

async function toChat(page: Page, appUrl: string, friend: string, newest: string) {
  await page.goto(`${appUrl}/pages/messages`);
  await openConversation(page, friend, newest);
}

export async function emojiOpenBench(
  browser: Browser,
  appUrl: string,
  outDir: string,
  people: ChatPeople,
): Promise<EmojiFigures> {
  const { friend } = people.short;
  const newest = newestText(people.short);
  const page = await freshPage(browser);
  const cdp = await desktopWindow(page);
  await signInToHome(page, appUrl, people.me.email);

  // First visit: the chunk and the data come over the network (the app fetches them once the
  // chat is idle, or on the first open); the data goes to IndexedDB.
  let data = { url: '', bytes: 0, encoding: 'none' };
  page.on('response', (response) => {
    if (
      /\/assets\/data-[\w-]+\.json$/.test(response.url()) &&
      response.request().method() === 'GET'
    ) {
      void response.body().then((body) => {
        data = {
          url: new URL(response.url()).pathname,
          bytes: body.length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        };
      });
    }
  });
  const scripts = recordScripts(page, outDir);
  await toChat(page, appUrl, friend.username, newest);
  const firstMs = await timeOpen(page);
  // The picker's chunk only, not those of the messages screen loaded on the way.
  const chunks = scripts.stop().chunks.filter((chunk) => chunk.file.includes('emoji'));
  await close(page);

  const cachedMs: number[] = [];
  const reopenMs: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    await throttle(cdp, 1);
    await toChat(page, appUrl, friend.username, newest);
    await page.waitForLoadState('networkidle');
    await throttle(cdp, CPU_SLOWDOWN);
    cachedMs.push(await timeOpen(page));
    await close(page);
    reopenMs.push(await timeOpen(page));
    await close(page);
  }
  await page.context().close();
  return { cachedMs, reopenMs, firstMs, chunks, data };
}
