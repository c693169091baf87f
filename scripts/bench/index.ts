/**
 * `npm run bench`: the app's performance figures (ARCHITECTURE.md, "Performance budgets").
 * Everything is printed, nothing is asserted. It starts its own emulators on free ports,
 * builds the app against them, serves it with Vite's preview server and drives Chromium:
 *   1. JavaScript of /login and of the signed-in /pages/home (gzip), biggest chunks, packages;
 *   2. WebSocket bytes from 'Login to Continue' to a ready dashboard, small vs large database;
 *   3. message delivery latency between two Node SDK clients;
 *   4. User List first page and search over many users;
 *   5. the chat: Enter to the bubble in a short and a 10,000-message conversation (chat-send.ts);
 *      5b. the same send end-to-end encrypted against clear text (chat-sealed.ts, alone: sealed-main.ts);
 *   6. the inbox: bytes per message, send to the receiver's inbox event, typing delay (inbox.ts);
 *   7. image messages: lazy chunk sizes, bytes to open 50 photos, photo send time (chat-images.ts);
 *   8. web vitals at 4x CPU slowdown and slow 4G: /login LCP, first open and sends in the short
 *      and the long chat;
 *      the emoji picker: its chunk, its data asset, its open time at 4x CPU once cached;
 *   9. message actions: bytes per reaction and per edit, reaction to the other party (actions.ts);
 *  10. the jump to a reply's original 5,000 messages back (chat-quotes.ts, alone: quotes-main.ts);
 *  11. the message search index: indexing, saved size, memory, query p50/p99 (search.ts, alone: search-main.ts);
 *  12. end-to-end encryption: added time per send and per received message, opening a long
 *      sealed conversation (encryption.ts, alone: encryption-main.ts);
 *  13. file and voice messages: 1 MB and 25 MB sent and received, memory held meanwhile, a send
 *      and a scroll among 100 voice messages against 100 texts (chat-files.ts, alone: files-main.ts);
 *  14. one instance against two: the 10,000-message chat, the sealed send and the inbox figures
 *      on a one-instance stack and on a two-instance stack with the conversations on instance 1,
 *      every set taking turns, with main-thread CPU beside wall time; each figure's ratio with a
 *      bootstrap 90% interval and a verdict, for the run and for the kept runs pooled
 *      (instances-compare.ts, instances-summary.ts, alone: instances-main.ts).
 * Knobs: BENCH_USERS (10000), BENCH_MESSAGES (300 latency samples), BENCH_CHAT_LONG (10000),
 * BENCH_CHAT_SENDS (15), BENCH_REACTIONS (100), BENCH_LCP_RUNS (3), BENCH_INP_SENDS (5),
 * BENCH_EMOJI_OPENS (5), BENCH_QUOTE_JUMPS (3), BENCH_SEARCH_MESSAGES (100000), BENCH_SEAL_SENDS (500), BENCH_SEALED_SENDS (10),
 * BENCH_FILE_SENDS (3), BENCH_INSTANCES_CHAT_SENDS (16), BENCH_INSTANCES_SEALED_ROUNDS (5),
 * BENCH_INSTANCES_MESSAGES (200),
 * CHROMIUM_PATH.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { chatImagesBench, printImageSummary, type ImageFigures } from './chat-images';
import { chatFilesBench, printFileSummary, type FileFigures } from './chat-files';
import { chatBench, type ChatResults } from './chat-send';
import { printChatSummary } from './chat-send-report';
import { printSealedSendSummary, sealedSendBench, type SealedSendFigures } from './chat-sealed';
import { printQuoteSummary, quoteJumpBench, type QuoteFigures } from './chat-quotes';
import { printSearchSummary, searchBench } from './search';
import { encryptionBench, printEncryptionSummary } from './encryption';
import { timeSearch, visit } from './dashboard';
import { inboxBench, printInboxSummary, type InboxFigures } from './inbox';
import { instancesBench, type InstancesComparison } from './instances-compare';
import { printInstancesSummary } from './instances-summary';
import { searchPrefixes, seedSmall } from './datasets';
import { messageLatency } from './latency';
import { actionBytes, reactionLatency } from './actions';
import { int, ms } from './report';
import { benchPassword, latencyPair, shape } from './seed';
import { startBenchStack, type BenchStack } from './stack';
import { printSummary, type Results } from './summary';
import { webVitalsBench, type VitalsResults } from './web-vitals';
import { printVitalsSummary } from './web-vitals-summary';
import { repoRoot } from '../stack/paths';

/** The app's search debounce, read from its source so the note never drifts. */
const debounceMs = Number(
  /SEARCH_DEBOUNCE_MS = (\d+)/.exec(
    readFileSync(join(repoRoot, 'src/features/directory/directory-listeners.ts'), 'utf8'),
  )?.[1] ?? NaN,
);
const LATENCY_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const REACTION_SAMPLES = Number(process.env.BENCH_REACTIONS ?? 100);
const started = Date.now();
const log = (line: string) => {
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
};

async function run(stack: BenchStack, browser: Browser): Promise<Results> {
  const { target } = stack;
  const data = await seedSmall(target);
  log(`small database: ${int(data.small.paths)} paths in ${ms(data.small.ms)}`);
  const account = { appUrl: stack.appUrl, outDir: stack.outDir, password: benchPassword };
  const asMe = { ...account, email: data.me.email, friends: shape.friends };
  const small = await visit(browser, asMe);
  await small.home.context().close();
  log(`small database visit: ready in ${ms(small.signInMs)}`);

  const largeDb = await data.growLarge();
  log(`large database: +${int(largeDb.paths)} paths in ${ms(largeDb.ms)}`);
  const large = await visit(browser, asMe);
  log(`large database visit: ready in ${ms(large.signInMs)}`);
  const searches = [];
  for (const { prefix, matches } of searchPrefixes(data.people)) {
    const shown = Math.min(matches, 50);
    searches.push({ prefix, matches, shown, ms: await timeSearch(large.home, prefix, shown) });
  }
  await large.home.context().close();
  log('searches done');

  const pair = await latencyPair(target);
  const latency = await messageLatency(target, pair, benchPassword, LATENCY_MESSAGES);
  log(`latency: ${String(latency.samples)} messages`);
  inbox = await inboxBench(target, pair, benchPassword, LATENCY_MESSAGES);
  log('inbox figures done');
  const bytes = actionBytes();
  log(
    `message actions: ${int(bytes.reaction)} B per reaction (with the author's notice), ` +
      `${int(bytes.edit)} B per edit of the last message (${int(bytes.editNotLast)} B otherwise)`,
  );
  const reactions = await reactionLatency(target, pair, benchPassword, REACTION_SAMPLES);
  log(
    `reaction → other party's screen over ${String(reactions.samples)}: ` +
      `p50 ${ms(reactions.p50)}, p99 ${ms(reactions.p99)}, max ${ms(reactions.max)}`,
  );
  chat = await chatBench(browser, target, stack.appUrl, log);
  sealedSends = await sealedSendBench(browser, target, stack.appUrl, log);
  vitals = await webVitalsBench(browser, stack.appUrl, stack.outDir, chat.people, log);
  images = await chatImagesBench(browser, target, stack.appUrl, stack.outDir, log);
  quotes = await quoteJumpBench(browser, target, stack.appUrl, log);
  files = await chatFilesBench(browser, target, stack.appUrl, log);
  // On two stacks of its own (one instance, two), this one idle meanwhile.
  instances = await instancesBench(browser, log);
  return { stack, small, large, smallDb: data.small, largeDb, searches, debounceMs, latency };
}

let chat: ChatResults | undefined;
let sealedSends: SealedSendFigures | undefined;
let inbox: InboxFigures | undefined;
let images: ImageFigures | undefined;
let quotes: QuoteFigures | undefined;
let files: FileFigures | undefined;
let vitals: VitalsResults | undefined;
let instances: InstancesComparison | undefined;

let stack: BenchStack | undefined;
let browser: Browser | undefined;
let interrupted = false;

async function stopAll(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await stack?.stop();
  stack = undefined;
}

// Ctrl-C or a kill: stop what is up; the stack's exit hook kills anything still starting.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping`);
    void stopAll().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  try {
    stack = await startBenchStack(log);
    browser = await launchBrowser();
    const results = await run(stack, browser);
    await stopAll();
    printSummary(results, Date.now() - started);
    if (chat) printChatSummary(chat);
    if (sealedSends) printSealedSendSummary(sealedSends);
    if (inbox) printInboxSummary(inbox);
    if (images) printImageSummary(images);
    if (vitals) printVitalsSummary(vitals);
    if (quotes) printQuoteSummary(quotes);
    printSearchSummary(await searchBench());
    printEncryptionSummary(await encryptionBench());
    if (files) printFileSummary(files);
    if (instances) printInstancesSummary(instances);
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    // After Ctrl-C the failure is only the browser closing under a running step.
    if (!interrupted) console.error(err);
    process.exit(1);
  },
);
