/**
 * 14. No regression from a second instance (issue #43 part 6, docs/scaling.md "No regression"):
 * the 10,000-message chat (section 5), the sealed send (5b) and the inbox delays (6), measured
 * in the same session on a one-instance stack and on a two-instance stack whose measured
 * conversations were moved to instance 1 by the rebalancing mover (the measuring person at home
 * on the directory, so their client holds two connections). Both stacks are up together and the
 * sets take turns, the first stack going first every other set, so a change in the machine's
 * load falls on both. Printed: each figure on one and on two instances, the ratio, and whether
 * it is within 10%; nothing asserted.
 * Knobs (the same for both passes of a figure): BENCH_INSTANCES_CHAT_SENDS (16),
 * BENCH_INSTANCES_SEALED_SENDS (6), BENCH_INSTANCES_MESSAGES (200 inbox samples); the long
 * chat is BENCH_CHAT_LONG (10000), as in section 5.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { dbRest } from '../stack/admin';
import { instanceTarget } from '../stack/instances';
import { localDir } from '../stack/paths';
import { CPU_SLOWDOWN, prepareChat, type ChatResults } from './chat-send';
import { sealedSendBench, type SealedSendFigures } from './chat-sealed';
import { inboxBench, type InboxFigures } from './inbox';
import { onDirectory, onInstance, storedMessages } from './placed';
import { int, ms, table } from './report';
import { benchPassword, latencyPair } from './seed';
import { startBenchStack, type BenchStack } from './stack';

const knobs = {
  chatSends: Number(process.env.BENCH_INSTANCES_CHAT_SENDS ?? 16),
  sealedSends: Number(process.env.BENCH_INSTANCES_SEALED_SENDS ?? 6),
  inboxMessages: Number(process.env.BENCH_INSTANCES_MESSAGES ?? 200),
};
/** Where the two-instance pass puts every measured conversation. */
const PLACED_ON = 1;

interface Pass {
  chat?: ChatResults;
  sealed?: SealedSendFigures;
  inbox?: InboxFigures;
  /** The long chat's messages after the pass: on its instance, and left on the directory. */
  stored?: { there: number; directory: number };
  /** The namespaces the chat's client was connected to at once (two-instance pass). */
  namespaces?: string[];
}

export interface InstancesComparison {
  one: Pass;
  two: Pass;
  knobs: typeof knobs;
}

/** Samples the emulator's open connections while `work` runs: per uid, the widest set of namespaces. */
async function sampleConnections<T>(stack: BenchStack, work: () => Promise<T>) {
  const widest = new Map<string, Set<string>>();
  const done = new AbortController();
  const sampling = (async () => {
    while (!done.signal.aborted) {
      const open = (await dbRest(stack.target, 'GET', '.inspect/connections').catch(
        () => [],
      )) as Array<{ ns: string; uid: string | null }>;
      const now = new Map<string, Set<string>>();
      for (const { ns, uid } of open) if (uid) now.set(uid, (now.get(uid) ?? new Set()).add(ns));
      for (const [uid, set] of now)
        if (set.size > (widest.get(uid)?.size ?? 0)) widest.set(uid, set);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  try {
    return { result: await work(), widest };
  } finally {
    done.abort();
    await sampling;
  }
}

export async function instancesBench(
  browser: Browser,
  log: (line: string) => void,
): Promise<InstancesComparison> {
  const stacks: BenchStack[] = [];
  try {
    const one = await startBenchStack(
      (line) => log(`1 instance: ${line}`),
      join(localDir, 'bench-dist-1i'),
      1,
    );
    stacks.push(one);
    const two = await startBenchStack(
      (line) => log(`2 instances: ${line}`),
      join(localDir, 'bench-dist-2i'),
      2,
    );
    stacks.push(two);
    // `at`: the namespace holding the measured conversations.
    const passes = [
      { stack: one, figures: {} as Pass, place: onDirectory(one.target), at: one.target },
      {
        stack: two,
        figures: {} as Pass,
        place: onInstance(two.target, PLACED_ON),
        at: instanceTarget(two.target, PLACED_ON),
      },
    ].map((pass) => ({ ...pass, label: pass.stack === one ? '1 instance' : '2 instances' }));
    const inTurn = (set: number) => (set % 2 === 0 ? passes : [...passes].reverse());

    // The chat set: both stacks' chats prepared, then their rounds taking turns stack by stack
    // (each going first every other round), so a change in the machine's load within the
    // minutes of the set falls on both alike. Measured one stack's whole set after the other's,
    // the two-instance stack always came second.
    const sampled = await sampleConnections(two, () =>
      sampleConnections(one, async () => {
        const sessions = [];
        for (const { stack, place, label } of passes) {
          const say = (line: string) => log(`${label}: ${line}`);
          sessions.push(await prepareChat(browser, stack.target, stack.appUrl, say, place));
        }
        for (const session of sessions) await session.throttle(CPU_SLOWDOWN);
        for (let i = 0; i < knobs.chatSends; i++) {
          for (const session of i % 2 === 0 ? sessions : [...sessions].reverse())
            await session.turn(i);
        }
        const results = [];
        for (const session of sessions) {
          await session.throttle(1);
          results.push(await session.finish());
        }
        return results;
      }),
    );
    const widestOf = [sampled.result.widest, sampled.widest];
    for (const [n, { stack, figures, at, label }] of passes.entries()) {
      const result = sampled.result.result[n];
      figures.chat = result;
      figures.namespaces = [...(widestOf[n]?.get(result.people.me.uid) ?? [])].sort();
      const id = result.people.long.conversationId;
      figures.stored = {
        there: await storedMessages(at, id),
        directory: at === stack.target ? 0 : await storedMessages(stack.target, id),
      };
      log(`${label}: chat done; the long chat's client used ${figures.namespaces.join(', ')}`);
    }
    for (const { stack, figures, place, label } of inTurn(1)) {
      const say = (line: string) => log(`${label}: ${line}`);
      const options = { place, sends: knobs.sealedSends };
      figures.sealed = await sealedSendBench(browser, stack.target, stack.appUrl, say, options);
    }
    for (const { stack, figures, place, label } of inTurn(2)) {
      const pair = await latencyPair(stack.target);
      const count = knobs.inboxMessages;
      figures.inbox = await inboxBench(stack.target, pair, benchPassword, count, place);
      log(`${label}: inbox figures done`);
    }
    return { one: passes[0]?.figures ?? {}, two: passes[1]?.figures ?? {}, knobs };
  } finally {
    for (const stack of stacks) await stack.stop();
  }
}

const median = (values: number[] = []) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** The compared figures, each as [label, value on a pass]. */
const FIGURES: Array<[string, (pass: Pass) => number]> = [
  ['10,000-message chat: Enter to sent bubble, p50', (p) => median(p.chat?.long.sendMs)],
  ['10,000-message chat: first open to newest message', (p) => p.chat?.long.openMs ?? NaN],
  ['10,000-message chat: received, frame to bubble, p50', (p) => median(p.chat?.long.receiveMs)],
  ['sealed send: Enter to bubble, p50', (p) => median(p.sealed?.sealed.sendMs)],
  ['clear send (5b): Enter to bubble, p50', (p) => median(p.sealed?.clear.sendMs)],
  ["inbox: send → receiver's inbox event, p50", (p) => p.inbox?.inboxEvent.p50 ?? NaN],
  ["inbox: send → receiver's inbox event, p99", (p) => p.inbox?.inboxEvent.p99 ?? NaN],
  ['inbox: send → server ack, p50', (p) => p.inbox?.acked.p50 ?? NaN],
  ["inbox: typing write → friend's event, p50", (p) => p.inbox?.typing.p50 ?? NaN],
];

/** Within 10% of the one-instance figure: not slower by more than a tenth. */
const WITHIN = 1.1;

export function printInstancesSummary(r: InstancesComparison): void {
  const rows = FIGURES.map(([label, of]) => {
    const one = of(r.one);
    const two = of(r.two);
    const ratio = two / one;
    return { label, one, two, ratio, within: ratio <= WITHIN };
  });
  const { chatSends, sealedSends, inboxMessages } = r.knobs;
  console.log(
    table(
      `14. One instance against two (the conversations on instance ${String(PLACED_ON)}), same session: ` +
        `${String(chatSends)} chat sends, ${String(sealedSends)} sealed sends, ${String(inboxMessages)} inbox samples per pass`,
      ['figure', 'one instance', 'two instances', 'two / one', 'within 10%'],
      rows.map((row) => [
        row.label,
        ms(row.one),
        ms(row.two),
        `${row.ratio.toFixed(2)}x`,
        Number.isNaN(row.ratio) ? 'not measured' : row.within ? 'yes' : 'no',
      ]),
    ),
  );
  const over = rows.filter((row) => !row.within);
  console.log(
    over.length === 0
      ? `Every figure within 10% of the one-instance run (${String(rows.length)} of ${String(rows.length)}).`
      : `Within 10%: ${String(rows.length - over.length)} of ${String(rows.length)}; over: ` +
          over.map((row) => `${row.label} (${row.ratio.toFixed(2)}x)`).join('; ') +
          '. One machine shared with others: compare with a second run before reading a regression.',
  );
  const stored = r.two.stored;
  console.log(
    `Two-instance pass: the long chat's client was connected to ${r.two.namespaces?.join(' and ') ?? '?'} at once; ` +
      `its messages: ${int(stored?.there ?? 0)} on instance ${String(PLACED_ON)}, ${int(stored?.directory ?? 0)} left on the directory.`,
  );
}
