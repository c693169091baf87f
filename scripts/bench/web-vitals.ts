/**
 * 8. Web vitals on a slow phone-like link, against the production build: Chromium at 4x CPU
 * slowdown and Lighthouse's "slow 4G" (150 ms RTT, 1.6 Mbps down, 750 kbps up):
 *   - the /login screen's Largest Contentful Paint (cold cache, median of LCP_RUNS visits);
 *   - sending a message in a short and a long conversation: Event Timing ('event' entries,
 *     durationThreshold 16) of the Enter keydown/keyup, the INP candidate, and Enter to the
 *     sent bubble; and each conversation's first open, the click to its newest message.
 * The window is enlarged over CDP (headless Chromium never presents the bottom ~90 px of a
 * 1280×720 window, which makes Event Timing of a control there read seconds); viewport 1280×720.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { HYDRATED_FLAG } from '../../src/prerender/markers';
import { spec } from '../../src/strings/spec';
import { shellPage } from '../build/prerender';
import { freshPage, signInToHome } from './browser';
import {
  desktopWindow,
  openConversation,
  pageInOwnWindow,
  scrollToNewest,
  throttle,
  waitForSearchIndex,
} from './chat-page';
import { timeSend } from './chat-timing';
import { newestText, type ChatPeople, type ChatWith } from './chat-seed';
import { CPU_SLOWDOWN } from './chat-send';
import { emojiOpenBench, type EmojiFigures } from './emoji-open';
import { int, kb, ms } from './report';

const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);
const SENDS = Number(process.env.BENCH_INP_SENDS ?? 5);
/** Lighthouse's mobile "slow 4G" throttling, in CDP's units (bytes per second). */
export const SLOW_4G = { latency: 150, download: 1_600_000 / 8, upload: 750_000 / 8 };

export interface VitalsResults {
  lcpMs: number[];
  /** Per /login visit, prerendered (as shipped) and client-rendered (the shell at /login). */
  firstScreen: Record<Variant, FirstScreen[]>;
  /** What the /login visit transferred (as the preview server encodes) and whether gzipped. */
  loginTransfer: { bytes: number; encoding: string };
  /** The short and the long chat's first open and sends. */
  sends: Record<'short' | 'long', ChatSends>;
  emoji: EmojiFigures;
}

async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await desktopWindow(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latency,
    downloadThroughput: SLOW_4G.download,
    uploadThroughput: SLOW_4G.upload,
  });
  await throttle(cdp, CPU_SLOWDOWN);
  return cdp;
}

// Strings, not functions: tsx would wrap named in-page helpers with a `__name` the page lacks.
/** Event Timing entries of 16 ms or more, kept in `window.__events` (see `enterDuration`). */
export const EVENT_OBSERVER = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__events.push({ name: e.name, duration: e.duration, start: e.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;
const OBSERVERS = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
${EVENT_OBSERVER}`;

/**
 * The first screen's timeline, from navigation start: the login form's e-mail field first
 * shown (typeable: with the prerendered page, before any script), the app taking the page over
 * (hydrated), and the layout shifts summed (CLS).
 */
const FIRST_SCREEN = `
  window.__typeable = 0;
  window.__hydrated = 0;
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const sample = () => {
    const field = document.querySelector('input[type="email"]');
    if (!window.__typeable && field && field.checkVisibility({ visibilityProperty: true })) {
      window.__typeable = performance.now();
    }
    if (!window.__hydrated && window.${HYDRATED_FLAG}) window.__hydrated = performance.now();
    if (!window.__typeable || !window.__hydrated) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
`;

/**
 * How /login is drawn: 'prerendered' is what ships; 'client' serves the empty shell at /login
 * instead, as before prerendering (its HTML is fetched outside the throttled link, which
 * favours it by about one round trip).
 */
export type Variant = 'prerendered' | 'client';

export interface FirstScreen {
  lcp: number;
  typeable: number;
  hydrated: number;
  cls: number;
}

async function loginLcp(browser: Browser, appUrl: string, variant: Variant) {
  const page = await freshPage(browser);
  await page.addInitScript(OBSERVERS + FIRST_SCREEN);
  if (variant === 'client') {
    await page.route(`${appUrl}/login`, async (route) => {
      await route.fulfill({ response: await route.fetch({ url: `${appUrl}/${shellPage}` }) });
    });
  }
  const cdp = await slowPhone(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let encoding = 'none';
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      encoding = response.headers()['content-encoding'] ?? encoding;
    }
  });
  await page.goto(`${appUrl}/login`, { timeout: 120_000 });
  await page.getByRole('button', { name: spec.auth.loginToContinue }).waitFor({ timeout: 120_000 });
  await page.waitForFunction('window.__hydrated > 0', undefined, { timeout: 120_000 });
  // LCP candidates keep coming until the page settles (fonts, late chunks): wait, then read.
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(1000);
  const screen: FirstScreen = {
    lcp: Number(await page.evaluate('window.__lcp')),
    typeable: Number(await page.evaluate('window.__typeable')),
    hydrated: Number(await page.evaluate('window.__hydrated')),
    cls: Number(await page.evaluate('window.__cls')),
  };
  await page.context().close();
  return { screen, bytes, encoding };
}

interface EventEntry {
  name: string;
  duration: number;
  start: number;
}

/** The longest Enter keydown/keyup Event Timing since `since` (0: none of 16 ms or more). */
export async function enterDuration(page: Page, since: number): Promise<number> {
  const entries = await page.evaluate<EventEntry[]>('window.__events');
  const enter = entries.filter(
    (e) => e.start >= since && (e.name === 'keydown' || e.name === 'keyup'),
  );
  return Math.max(0, ...enter.map((e) => e.duration));
}

/** One chat in section 8: its first open, and per send its Enter Event Timing and bubble. */
export interface ChatSends {
  messages: number;
  /** Click on the friend to their newest message on screen (4x CPU, slow 4G). */
  openMs: number;
  /** Per send: the longest Enter keydown/keyup Event Timing duration (0: under 16 ms). */
  enterMs: number[];
  /** Per send: Enter to the frame after the sent bubble shows (as section 5). */
  bubbleMs: number[];
}

/**
 * The short and the long chat at 4x CPU and slow 4G, each in a page (a window) of its own,
 * one sign-in: each opened (first open; the long one after the short, as in one page), then
 * SENDS sends taking turns, so both chats see the same load (as section 5). Once search has
 * indexed every conversation, as in section 5.
 */
async function sendDelays(browser: Browser, appUrl: string, people: ChatPeople) {
  const signIn = await freshPage(browser);
  await signInToHome(signIn, appUrl, people.me.email);
  const phone = async () => {
    const page = await pageInOwnWindow(browser, signIn);
    page.setDefaultTimeout(30_000);
    await page.addInitScript(OBSERVERS);
    const cdp = await desktopWindow(page);
    await page.goto(`${appUrl}/pages/messages`);
    await waitForSearchIndex(page);
    await slowPhone(page);
    await cdp.detach();
    return page;
  };
  const pages = { short: await phone(), long: await phone() };
  await signIn.close();

  const open = async (page: Page, chat: ChatWith) => {
    const openMs = await openConversation(page, chat.friend.username, newestText(chat));
    await scrollToNewest(page, chat.friend.username);
    return openMs;
  };
  const runs: Record<'short' | 'long', ChatSends> = {
    short: { messages: people.short.messages, openMs: 0, enterMs: [], bubbleMs: [] },
    long: { messages: people.long.messages, openMs: 0, enterMs: [], bubbleMs: [] },
  };
  runs.short.openMs = await open(pages.short, people.short);
  await openConversation(pages.long, people.short.friend.username, newestText(people.short));
  runs.long.openMs = await open(pages.long, people.long);

  // These sends are sealed for this browser's device: `chat.newest` stays the newest message
  // another browser can read (the emoji bench opens the short chat in one).
  const send = async (which: 'short' | 'long', i: number) => {
    const page = pages[which];
    const { friend } = people[which];
    const since = Number(await page.evaluate('performance.now()'));
    const text = `Vitals send ${String(i)} to ${friend.username}`;
    runs[which].bubbleMs.push(await timeSend(page, friend.username, text));
    await page.waitForTimeout(1000); // Event Timing entries arrive after the next paint
    runs[which].enterMs.push(await enterDuration(page, since));
  };
  for (let i = 0; i < SENDS; i++) {
    const order = i % 2 === 0 ? (['short', 'long'] as const) : (['long', 'short'] as const);
    for (const which of order) await send(which, i);
  }
  await pages.short.context().close();
  return runs;
}

export async function webVitalsBench(
  browser: Browser,
  appUrl: string,
  outDir: string,
  people: ChatPeople,
  log: (line: string) => void,
): Promise<VitalsResults> {
  const firstScreen: Record<Variant, FirstScreen[]> = { prerendered: [], client: [] };
  let loginTransfer = { bytes: 0, encoding: 'none' };
  // Alternating, so both variants see the same machine load.
  for (let i = 0; i < LCP_RUNS; i++) {
    for (const variant of ['prerendered', 'client'] as const) {
      const run = await loginLcp(browser, appUrl, variant);
      firstScreen[variant].push(run.screen);
      if (variant === 'prerendered') loginTransfer = { bytes: run.bytes, encoding: run.encoding };
      log(
        `vitals: /login ${variant} LCP ${ms(run.screen.lcp)}, typeable ${ms(run.screen.typeable)}, ` +
          `hydrated ${ms(run.screen.hydrated)}, CLS ${run.screen.cls.toFixed(3)} (${kb(run.bytes)} transferred)`,
      );
    }
  }
  const lcpMs = firstScreen.prerendered.map((r) => r.lcp);
  const sends = await sendDelays(browser, appUrl, people);
  for (const chat of [sends.short, sends.long])
    log(
      `vitals: ${int(chat.messages)}-message chat: first open ${ms(chat.openMs)}, ` +
        `sent bubbles ${chat.bubbleMs.map(ms).join(', ')}`,
    );
  const emoji = await emojiOpenBench(browser, appUrl, outDir, people);
  log(`vitals: emoji picker opens ${emoji.cachedMs.map(ms).join(', ')}`);
  return { lcpMs, firstScreen, loginTransfer, sends, emoji };
}
