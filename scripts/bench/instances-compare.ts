/**
 * 14. No regression from a second instance (issue #43 part 6, docs/scaling.md "No regression"):
 * the 10,000-message chat (section 5), the sealed send (5b) and the inbox delays (6), measured
 * in the same session on a one-instance stack and on a two-instance stack whose measured
 * conversations were moved to instance 1 by the rebalancing mover (the measuring person at home
 * on the directory, so their client holds two connections). Both stacks are up together and
 * every set is prepared on both, then takes turns stack by stack (chat rounds, sealed rounds,
 * inbox sets), each stack going first every other turn, so a change in the machine's load falls
 * on both. Each run's samples are kept (instances-runs.ts) and pooled with the earlier runs';
 * printed: each figure's ratio with its bootstrap interval and verdict (instances-summary.ts);
 * nothing asserted.
 * Knobs (the same for both stacks): BENCH_INSTANCES_CHAT_SENDS (80 rounds of the long chat
 * alone), BENCH_INSTANCES_RECEIVES (160 more received messages in the long chat, without a
 * send), BENCH_INSTANCES_SEALED_ROUNDS (10 rounds of 4 counted sends per conversation),
 * BENCH_INSTANCES_MESSAGES (4,000 inbox samples, in sets of 25, about a millisecond each: the p99
 * of 200 was their second largest and read 0.5x to 2x from run to run, that of 1,000 0.67–1.24
 * in one run); the long chat is BENCH_CHAT_LONG (10000), as in section 5. About 16 minutes on a
 * quiet machine.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { dbRest } from '../stack/admin';
import { instanceTarget } from '../stack/instances';
import { localDir } from '../stack/paths';
import { prepareChat } from './chat-send';
import { prepareSealed } from './chat-sealed';
import { prepareInbox } from './inbox';
import { recordOf, saveRun, type Pass, type RunRecord } from './instances-runs';
import { onDirectory, onInstance, storedMessages } from './placed';
import { benchPassword, latencyPair } from './seed';
import { startBenchStack, type BenchStack } from './stack';

const knobs = {
  chatSends: Number(process.env.BENCH_INSTANCES_CHAT_SENDS ?? 80),
  receives: Number(process.env.BENCH_INSTANCES_RECEIVES ?? 160),
  sealedRounds: Number(process.env.BENCH_INSTANCES_SEALED_ROUNDS ?? 10),
  inboxMessages: Number(process.env.BENCH_INSTANCES_MESSAGES ?? 4000),
};
/**
 * Counted sends per sealed round and conversation (each round also sends one warm-up, and opens
 * the conversation again: 4 counted take 20% longer than 2 and give twice the samples).
 */
const SEALED_PER_ROUND = 4;
/** Inbox samples per set: the stacks take turns every 25 probes (and 25 typing probes). */
const INBOX_SET = 25;
/** Where the two-instance pass puts every measured conversation. */
export const PLACED_ON = 1;

export interface InstancesComparison {
  one: Pass;
  two: Pass;
  knobs: typeof knobs;
  /** This run's samples, as kept in `docs/bench-runs/instances/`. */
  record: RunRecord;
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
  const started = new Date().toISOString();
  const loadAtStart = loadavg();
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
        for (let i = 0; i < knobs.chatSends; i++) {
          for (const session of i % 2 === 0 ? sessions : [...sessions].reverse())
            // The long chat alone: its figures are the ones compared, the short chat's are not.
            await session.turn(i, 'long');
        }
        // The received message's p50 sits between runs of two and of three frames after the
        // commit, so 80 samples moved it by a third from run to run: more, without sends.
        for (let i = 0; i < knobs.receives; i++) {
          for (const session of i % 2 === 0 ? sessions : [...sessions].reverse())
            await session.receive(i);
        }
        const results = [];
        for (const session of sessions) results.push(await session.finish());
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
    const sealed = [];
    for (const { stack, place } of passes)
      sealed.push(await prepareSealed(browser, stack.target, stack.appUrl, place));
    for (let r = 0; r < knobs.sealedRounds; r++) {
      for (const n of r % 2 === 0 ? [0, 1] : [1, 0]) await sealed[n]?.round(r, SEALED_PER_ROUND);
      log(`sealed vs clear: round ${String(r + 1)} of ${String(knobs.sealedRounds)} on both`);
    }
    for (const [n, { figures }] of passes.entries()) figures.sealed = await sealed[n]?.finish();

    const inbox = [];
    for (const { stack, place } of passes) {
      const pair = await latencyPair(stack.target);
      inbox.push(await prepareInbox(stack.target, pair, benchPassword, place));
    }
    for (let set = 0; set * INBOX_SET < knobs.inboxMessages; set++) {
      const count = Math.min(INBOX_SET, knobs.inboxMessages - set * INBOX_SET);
      for (const n of set % 2 === 0 ? [0, 1] : [1, 0]) await inbox[n]?.sample(count);
    }
    for (const [n, { figures }] of passes.entries()) figures.inbox = await inbox[n]?.finish();
    log('inbox figures done on both');
    const figures = { one: passes[0]?.figures ?? {}, two: passes[1]?.figures ?? {} };
    const record = recordOf(figures.one, figures.two, { started, knobs, loadAtStart });
    log(`raw figures kept in ${saveRun(record)}`);
    return { ...figures, knobs, record };
  } finally {
    for (const stack of stacks) await stack.stop();
  }
}
