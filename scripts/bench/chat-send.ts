/**
 * 5. The chat with a long conversation: in Chromium at 4x CPU slowdown, in a 10-message chat
 * and in a 10,000-message chat paged back to its first message (each in a page of its own, one
 * sign-in, the two chats' sends and received messages taking turns): how many messages paging
 * back loaded, a
 * send's Enter keydown/keyup Event Timing and Enter to the bubble, a received message's
 * WebSocket frame to its bubble, the message nodes the DOM holds, the time to show the newest
 * page, and the long chat's figures as a ratio of the short one's (within 1.2x).
 * Measured once search has indexed every conversation (`waitForSearchIndex`): its background
 * reads of the 10,000 messages otherwise fall into whichever chat is measured first.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { messageRecord } from '../seed-records';
import { dbRest, type AdminTarget } from '../stack/admin';
import { demoPushId } from '../demo/data';
import { freshPage, signInToHome } from './browser';
import {
  desktopWindow,
  loadedMessages,
  messageNodes,
  NO_DEVICE_KEY,
  openConversation,
  pageBackToStart,
  pageInOwnWindow,
  scrollToNewest,
  slowed,
  waitForSearchIndex,
} from './chat-page';
import { FRAME_CLOCK, timeReceive, timeSend } from './chat-timing';
import { newestText, seedChats, type ChatPeople, type ChatWith } from './chat-seed';
import { EVENT_OBSERVER, enterDuration } from './web-vitals';
import { onDirectory, type Place } from './placed';
import { replyAsSent } from './chat-reply';
import { withCpu, type Around } from './cpu-time';
import { int, ms } from './report';

export const CPU_SLOWDOWN = 4;
/**
 * Sends and received messages per conversation. With 5, the long/short ratios of one build
 * moved between 0.8x and 1.4x from run to run on this machine (Event Timing comes in 8 ms
 * steps, and the short chat runs first, before the long one): 15 steadies the medians.
 */
/**
 * How the friend's replies are written: 'message' (default), the message record alone, as
 * before; 'send', as the friend's app sends (chat-reply.ts): the message with both inbox entries
 * and, with the conversation away from my home, the hint there, so a received message also runs
 * my inbox's update, its mark-read and, on two instances, the hint and the look.
 */
const REPLY = process.env.BENCH_CHAT_REPLY ?? 'message';
export const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 15);
/** Numbers the received-only messages apart from the rounds' ('Bench receive N', FRAME_CLOCK). */
const RECEIVED_ONLY = 100_000;
export const chatSizes = { short: 10, long: Number(process.env.BENCH_CHAT_LONG ?? 10_000) };

export interface ChatRun {
  messages: number;
  /** Click on the friend to their newest message on screen. */
  openMs: number;
  pageBackMs: number;
  /** Messages the list holds once paged back (its articles' aria-setsize). */
  loaded: number;
  messageNodes: number;
  sendMs: number[];
  /** Per send: the longest Enter keydown/keyup Event Timing duration (0: under 16 ms). */
  enterMs: number[];
  /** Per message from the friend: its WebSocket frame to the frame after its bubble shows. */
  receiveMs: number[];
  /** Main-thread CPU (CDP TaskDuration) per send and per received message (cpu-time.ts). */
  sendCpuMs: number[];
  receiveCpuMs: number[];
}

export interface ChatResults {
  short: ChatRun;
  long: ChatRun;
  /** The seeded accounts, reused by the web vitals (section 8). */
  people: ChatPeople;
}

/** One chat's page, and the CDP session that throttles it. */
interface ChatPage {
  page: Page;
  cdp: CDPSession;
}

/** A page signed in as `opened` is, on the messages screen, once search has indexed everything. */
async function messagesPage(browser: Browser, opened: Page, appUrl: string): Promise<ChatPage> {
  const page = await pageInOwnWindow(browser, opened);
  page.setDefaultTimeout(30_000);
  await page.addInitScript(NO_DEVICE_KEY + ';' + EVENT_OBSERVER + FRAME_CLOCK);
  const cdp = await desktopWindow(page);
  await page.goto(`${appUrl}/pages/messages`);
  await waitForSearchIndex(page);
  return { page, cdp };
}

/**
 * One chat bench made ready to measure: both chats seeded, placed, open in a page of their own
 * and paged back. `turn(i)` runs round i (a send and a received message in each chat, the two
 * chats taking turns); `finish()` closes the pages. Split so that the instances comparison can
 * take turns between two stacks round by round, as the two chats do here.
 */
export interface ChatSession {
  people: ChatPeople;
  /** `only: 'long'`: the long chat's send and received message alone (section 14's figures). */
  turn(i: number, only?: 'long'): Promise<void>;
  /** A received message in the long chat alone, no send before it (section 14's extra samples). */
  receive(i: number): Promise<void>;
  finish(): Promise<ChatResults>;
}

export async function prepareChat(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  log: (line: string) => void,
  /** Where both chats are measured (the instances comparison moves them to another instance). */
  place: Place = onDirectory(target),
  /** Wraps each send and received message (received-trace.ts traces them); by default its CPU. */
  around: Around = withCpu,
): Promise<ChatSession> {
  const people = await seedChats(target, chatSizes);
  log(`chat: seeded ${int(chatSizes.short)} and ${int(chatSizes.long)} messages`);
  // The namespace holding each chat: the friend's replies are written there.
  const held = {
    short: await place(people.short.conversationId, people.me, people.short.friend),
    long: await place(people.long.conversationId, people.me, people.long.friend),
  };
  const signIn = await freshPage(browser);
  // Clear text throughout (the friend's replies are admin writes): sealed sends are 5b's.
  await signIn.addInitScript(NO_DEVICE_KEY);
  await signInToHome(signIn, appUrl, people.me.email);
  // Each chat in a page of its own, both signed in as me, so their sends can take turns: on a
  // shared machine the load changes within a minute, and measured one chat after the other
  // (the short, then the long once paged back) the ratio moved between 0.7x and 1.25x from
  // run to run.
  const started = Date.now();
  const short = await messagesPage(browser, signIn, appUrl);
  const long = await messagesPage(browser, signIn, appUrl);
  await signIn.close();
  log(`chat: search indexed every conversation (two pages) in ${ms(Date.now() - started)}`);
  // Each page has a renderer process of its own (launchBrowser), so each is slowed alone.
  const open = async ({ page, cdp }: ChatPage, chat: ChatWith) => {
    const name = chat.friend.username;
    const openMs = await slowed(cdp, CPU_SLOWDOWN, () =>
      openConversation(page, name, newestText(chat)),
    );
    const pageBackMs = await pageBackToStart(page, name);
    const loaded = await loadedMessages(page, name);
    log(
      `chat: ${name} paged back to message 0 in ${ms(pageBackMs)}: ` +
        `${int(loaded)} of ${int(chat.messages)} messages loaded`,
    );
    await scrollToNewest(page, name);
    return { openMs, pageBackMs, loaded };
  };
  const shortOpen = await open(short, people.short);
  // As in one page, the long chat is opened after the short one: its code is warm.
  await openConversation(long.page, people.short.friend.username, newestText(people.short));
  const longOpen = await open(long, people.long);

  const runs = { short: newRun(people.short, shortOpen), long: newRun(people.long, longOpen) };
  const received = async (
    { page, cdp }: ChatPage,
    chat: ChatWith,
    run: ChatRun,
    i: number,
    there: AdminTarget,
  ) => {
    const text = `Bench receive ${String(i)} from ${chat.friend.username}`;
    const got = await around(
      cdp,
      () => timeReceive(page, chat.friend.username, text, () => friendWrites(there, chat, text)),
      'receive',
    );
    run.receiveMs.push(got.result);
    run.receiveCpuMs.push(got.cpu.taskMs);
    chat.newest = text;
    await page.waitForTimeout(500);
  };
  const turn = (chatPage: ChatPage, chat: ChatWith, run: ChatRun, i: number, there: AdminTarget) =>
    slowed(chatPage.cdp, CPU_SLOWDOWN, async () => {
      const { page, cdp } = chatPage;
      const name = chat.friend.username;
      const since = Number(await page.evaluate('performance.now()'));
      const sent = await around(
        cdp,
        async () => {
          const sendMs = await timeSend(page, name, `Bench send ${String(i)} to ${name}`);
          await page.waitForTimeout(1000); // Event Timing entries arrive after the next paint
          return sendMs;
        },
        'send',
      );
      run.sendMs.push(sent.result);
      run.sendCpuMs.push(sent.cpu.taskMs);
      run.enterMs.push(await enterDuration(page, since));
      await received(chatPage, chat, run, i, there);
    });
  return {
    people,
    turn: async (i, only) => {
      const longTurn = () => turn(long, people.long, runs.long, i, held.long);
      if (only === 'long') return longTurn();
      // Taking turns, each going first every other round.
      const both = [() => turn(short, people.short, runs.short, i, held.short), longTurn];
      for (const step of i % 2 === 0 ? both : both.reverse()) await step();
    },
    receive: (i) =>
      slowed(long.cdp, CPU_SLOWDOWN, () =>
        received(long, people.long, runs.long, RECEIVED_ONLY + i, held.long),
      ),
    finish: async () => {
      runs.short.messageNodes = await messageNodes(short.page, people.short.friend.username);
      runs.long.messageNodes = await messageNodes(long.page, people.long.friend.username);
      await short.page.context().close();
      return { ...runs, people };
    },
  };

  function friendWrites(there: AdminTarget, chat: ChatWith, text: string) {
    const at = Date.now();
    const id = demoPushId(at, 800_000 + written++);
    if (REPLY !== 'send') {
      const record = messageRecord(chat.friend, people.me, text, at);
      return dbRest(there, 'PUT', `/sendMessage/${chat.conversationId}/${id}`, record);
    }
    return replyAsSent(target, there, { chat, me: people.me, id, text });
  }
}

export async function chatBench(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  log: (line: string) => void,
): Promise<ChatResults> {
  const session = await prepareChat(browser, target, appUrl, log);
  for (let i = 0; i < SENDS; i++) await session.turn(i);
  return session.finish();
}

function newRun(
  chat: ChatWith,
  opened: { openMs: number; pageBackMs: number; loaded: number },
): ChatRun {
  return {
    messages: chat.messages,
    ...opened,
    messageNodes: 0,
    sendMs: [],
    enterMs: [],
    receiveMs: [],
    sendCpuMs: [],
    receiveCpuMs: [],
  };
}

let written = 0;
