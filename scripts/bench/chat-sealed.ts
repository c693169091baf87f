/**
 * 5b. A send in a sealed conversation against the same send in a clear one, Chromium
 * at 4x CPU slowdown, in the same run: Enter to the bubble and the Enter Event Timing. Every send
 * from a browser that keeps keys is sealed (docs/security/e2ee.md), so the clear one comes from a
 * second sender whose page has no IndexedDB (a browser that cannot keep keys sends in clear text,
 * as before the switch); both pages stay open side by side. Each round sends in both, one after
 * the other, so a change in the machine's load falls on both; each conversation's first send of a
 * round is a warm-up, not counted (the first sealed one also wraps a new epoch key for every
 * device).
 */
import type { Browser } from 'playwright-core';
import { dbRest, type AdminTarget } from '../stack/admin';
import { freshPage, signInToHome } from './browser';
import {
  desktopWindow,
  NO_DEVICE_KEY,
  openConversation,
  scrollToNewest,
  slowed,
} from './chat-page';
import { timeSend } from './chat-timing';
import { befriend, type ChatWith } from './chat-seed';
import { CPU_SLOWDOWN } from './chat-send';
import { withCpu, type Around } from './cpu-time';
import { onDirectory, type Place } from './placed';
import { ms, table } from './report';
import { conversation, createAccount, writeInBatches } from './seed';
import { EVENT_OBSERVER, enterDuration } from './web-vitals';

const SENDS = Number(process.env.BENCH_SEALED_SENDS ?? 10);
const ROUNDS = 2;
const SEEDED = 10;

/** Per counted send: Enter to bubble, the Enter Event Timing, main-thread CPU (cpu-time.ts). */
interface SendFigures {
  sendMs: number[];
  enterMs: number[];
  cpuMs: number[];
}
export interface SealedSendFigures {
  sealed: SendFigures;
  clear: SendFigures;
}

async function published(target: AdminTarget, uid: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await dbRest(target, 'GET', `/deviceKeys/${uid}`)) === null) {
    if (Date.now() > deadline) throw new Error(`no device key published for ${uid}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Throws unless every bench send to the conversation is stored sealed (`s2.`, `s1.`) or clear. */
async function checkStored(target: AdminTarget, chat: ChatWith, sealed: boolean): Promise<void> {
  const stored = ((await dbRest(target, 'GET', `/sendMessage/${chat.conversationId}`)) ??
    {}) as Record<string, { message?: string }>;
  const sends = Object.values(stored).filter((m) => !/^Message \d+ from/.test(m.message ?? ''));
  const wrong = sends.filter((m) => /^s[12]\./.test(m.message ?? '') !== sealed);
  if (!sends.length || wrong.length) {
    throw new Error(
      `${chat.friend.username}: ${String(wrong.length)} of ${String(sends.length)} sends stored ${sealed ? 'in clear text' : 'sealed'}`,
    );
  }
}

/**
 * The sealed bench made ready: `round(r, sends)` sends a warm-up and then `sends` counted sends
 * in each conversation; `finish()` closes the pages and checks what was stored. Split so that
 * the instances comparison can take turns between two stacks round by round.
 */
export interface SealedSession {
  round(round: number, sends: number): Promise<void>;
  finish(): Promise<SealedSendFigures>;
}

export async function prepareSealed(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  /** Where both conversations are measured (the instances comparison moves them). */
  place: Place = onDirectory(target),
  /** Wraps each send (sealed-trace.ts records a trace around it); by default its CPU time. */
  around: Around = withCpu,
): Promise<SealedSession> {
  const senders = {
    sealed: await createAccount(target, 'Seal Sender'),
    clear: await createAccount(target, 'Clear Sender'),
  };
  const chats: Record<'sealed' | 'clear', ChatWith> = {
    sealed: {
      friend: await createAccount(target, 'Sealed Chat'),
      conversationId: '',
      messages: SEEDED,
    },
    clear: {
      friend: await createAccount(target, 'Clear Chat'),
      conversationId: '',
      messages: SEEDED,
    },
  };
  const held: Partial<Record<'sealed' | 'clear', AdminTarget>> = {};
  for (const kind of ['sealed', 'clear'] as const) {
    const chat = chats[kind];
    chat.conversationId = await befriend(target, senders[kind], chat.friend);
    await writeInBatches(
      target,
      conversation(chat.conversationId, senders[kind], chat.friend, SEEDED),
    );
    held[kind] = await place(chat.conversationId, senders[kind], chat.friend);
  }
  // The sealed friend's device: one sign-in publishes its key; the browser can close after.
  const friendPage = await freshPage(browser);
  await signInToHome(friendPage, appUrl, chats.sealed.friend.email);
  await published(target, chats.sealed.friend.uid);
  await friendPage.context().close();

  const open = async (kind: 'sealed' | 'clear') => {
    const page = await freshPage(browser);
    // A browser without IndexedDB keeps no device key: its sends stay in clear text.
    if (kind === 'clear') await page.addInitScript(NO_DEVICE_KEY);
    await page.addInitScript(EVENT_OBSERVER);
    const cdp = await desktopWindow(page);
    await signInToHome(page, appUrl, senders[kind].email);
    if (kind === 'sealed') await published(target, senders[kind].uid);
    await page.goto(`${appUrl}/pages/messages`);
    return { page, cdp };
  };
  const pages = { sealed: await open('sealed'), clear: await open('clear') };

  const figures: SealedSendFigures = {
    sealed: { sendMs: [], enterMs: [], cpuMs: [] },
    clear: { sendMs: [], enterMs: [], cpuMs: [] },
  };
  let newest: Record<'sealed' | 'clear', string> = {
    sealed: `Message ${String(SEEDED - 1)} from`,
    clear: `Message ${String(SEEDED - 1)} from`,
  };
  const round = async (r: number, sends: number) => {
    for (const kind of ['sealed', 'clear'] as const) {
      const { page, cdp } = pages[kind];
      const name = chats[kind].friend.username;
      await openConversation(page, name, newest[kind]);
      await scrollToNewest(page, name);
      await slowed(cdp, CPU_SLOWDOWN, async () => {
        for (let i = 0; i <= sends; i++) {
          const text = `Bench ${kind} send ${String(r)}.${String(i)} to ${name}`;
          const since = Number(await page.evaluate('performance.now()'));
          const sent = await around(cdp, async () => {
            const sendMs = await timeSend(page, name, text);
            await page.waitForTimeout(1000); // Event Timing entries arrive after the next paint
            return sendMs;
          });
          const enterMs = await enterDuration(page, since);
          if (i > 0) {
            figures[kind].sendMs.push(sent.result);
            figures[kind].enterMs.push(enterMs);
            figures[kind].cpuMs.push(sent.cpu.taskMs);
          }
          newest = { ...newest, [kind]: text };
        }
      });
    }
  };
  const finish = async () => {
    for (const { page } of Object.values(pages)) await page.context().close();
    await checkStored(held.sealed ?? target, chats.sealed, true);
    await checkStored(held.clear ?? target, chats.clear, false);
    return figures;
  };
  return { round, finish };
}

export async function sealedSendBench(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  log: (line: string) => void,
): Promise<SealedSendFigures> {
  const session = await prepareSealed(browser, target, appUrl);
  for (let round = 0; round < ROUNDS; round++) {
    await session.round(round, SENDS / ROUNDS);
    log(`sealed vs clear: round ${String(round + 1)} of ${String(ROUNDS)} done`);
  }
  return session.finish();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export function printSealedSendSummary(r: SealedSendFigures): void {
  const floor = (v: number) => Math.max(v, 16); // no Event Timing entry: under 16 ms
  const enter = (v: number) => (v > 0 ? ms(v) : '< 16 ms');
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const row = (label: string, run: SealedSendFigures['sealed']) => [
    label,
    enter(median(run.enterMs)),
    ms(median(run.sendMs)),
    ms(Math.max(...run.sendMs)),
  ];
  console.log(
    table(
      `5b. Sealed vs clear send, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown, 1280×720 (p50 of ${String(r.sealed.sendMs.length)} sends each, alternating rounds, two pages)`,
      ['Conversation', 'Enter Event Timing p50', 'Enter to bubble p50', 'to bubble max'],
      [
        row('end-to-end encrypted (friend has a device)', r.sealed),
        row('clear text (sender keeps no keys)', r.clear),
        [
          'encrypted / clear',
          ratio(floor(median(r.sealed.enterMs)), floor(median(r.clear.enterMs))),
          ratio(median(r.sealed.sendMs), median(r.clear.sendMs)),
          '',
        ],
      ],
    ),
  );
}
