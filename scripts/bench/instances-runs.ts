/**
 * Section 14's raw figures, run by run: each run's samples per figure and stack are kept in
 * `docs/bench-runs/instances/` (committed: `.local/` does not outlive a checkout, and the pooled
 * table in docs/scaling.md is printed from these), so that runs can be pooled. One run's medians move by
 * more than the 10% the comparison is meant to show; the samples of several runs, each run's
 * two stacks measured turn by turn in the same minutes, narrow the interval.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../stack/paths';
import type { ChatResults } from './chat-send';
import type { SealedSendFigures } from './chat-sealed';
import type { InboxFigures } from './inbox';

export const runsDir = join(repoRoot, 'docs', 'bench-runs', 'instances');

/** One stack's figures in a run. */
export interface Pass {
  chat?: ChatResults;
  sealed?: SealedSendFigures;
  inbox?: InboxFigures;
  /** The long chat's messages after the pass: on its instance, and left on the directory. */
  stored?: { there: number; directory: number };
  /** The namespaces the chat's client was connected to at once (two-instance pass). */
  namespaces?: string[];
}

/** A compared figure: its samples on a pass, and the quantile compared. */
export interface Figure {
  key: string;
  label: string;
  quantile: number;
  of: (pass: Pass) => number[];
  /** The key its samples are kept under: a p99 shares its p50's, kept once. */
  kept: string;
}

const figure = (
  key: string,
  label: string,
  of: (pass: Pass) => number[] | undefined,
  quantile = 0.5,
  kept = key,
): Figure => ({ key, label, quantile, of: (pass) => of(pass) ?? [], kept });
const CPU = '  its main-thread CPU (TaskDuration), p50';

export const FIGURES: Figure[] = [
  figure('chat-send', '10,000-message chat: Enter to sent bubble, p50', (p) => p.chat?.long.sendMs),
  figure('chat-send-cpu', CPU, (p) => p.chat?.long.sendCpuMs),
  // One sample per run: an interval only once runs are pooled.
  figure('chat-open', '10,000-message chat: first open to newest message', (p) =>
    p.chat ? [p.chat.long.openMs] : undefined,
  ),
  figure(
    'chat-receive',
    '10,000-message chat: received, frame to bubble, p50',
    (p) => p.chat?.long.receiveMs,
  ),
  figure('chat-receive-cpu', CPU, (p) => p.chat?.long.receiveCpuMs),
  figure('sealed-send', 'sealed send: Enter to bubble, p50', (p) => p.sealed?.sealed.sendMs),
  figure('sealed-send-cpu', CPU, (p) => p.sealed?.sealed.cpuMs),
  figure('clear-send', 'clear send (5b): Enter to bubble, p50', (p) => p.sealed?.clear.sendMs),
  figure('clear-send-cpu', CPU, (p) => p.sealed?.clear.cpuMs),
  figure(
    'inbox-event',
    "inbox: send → receiver's inbox event, p50",
    (p) => p.inbox?.raw.inboxEvent,
  ),
  figure(
    'inbox-event-p99',
    "inbox: send → receiver's inbox event, p99",
    (p) => p.inbox?.raw.inboxEvent,
    0.99,
    'inbox-event',
  ),
  figure('inbox-ack', 'inbox: send → server ack, p50', (p) => p.inbox?.raw.acked),
  figure('inbox-typing', "inbox: typing write → friend's event, p50", (p) => p.inbox?.raw.typing),
];

/** What a run keeps: its samples per figure key, one and two instances. */
export interface RunRecord {
  started: string;
  /** The machine's load average (1, 5, 15 min) at the start and the end of the run. */
  load: { start: number[]; end: number[] };
  /** How the friend's replies were written (BENCH_CHAT_REPLY): runs pool only with their kind. */
  reply: string;
  /** Which pages were slowed, and when: runs pool only with their kind (THROTTLING). */
  throttling?: string;
  knobs: Record<string, number>;
  /** Per figure key (a run kept before a figure was added lacks it). */
  samples: Partial<Record<string, { one: number[]; two: number[] }>>;
}

export function recordOf(
  one: Pass,
  two: Pass,
  extra: Pick<RunRecord, 'started' | 'knobs'> & { loadAtStart: number[] },
): RunRecord {
  const samples = Object.fromEntries(
    FIGURES.filter((f) => f.kept === f.key).map((f) => [f.key, { one: f.of(one), two: f.of(two) }]),
  );
  return {
    started: extra.started,
    load: { start: extra.loadAtStart, end: loadavg() },
    reply: process.env.BENCH_CHAT_REPLY ?? 'message',
    throttling: THROTTLING,
    knobs: extra.knobs,
    samples,
  };
}

export function saveRun(record: RunRecord): string {
  mkdirSync(runsDir, { recursive: true });
  const file = join(runsDir, `${record.started.replace(/[:.]/g, '-')}.json`);
  // One line per figure and stack: small, and a diff shows which figures a run holds.
  const { samples, ...rest } = record;
  // To 0.01 ms: the rest is float noise (136.90000000002328), and the file a third of the size.
  const round = (values: number[]) => JSON.stringify(values.map((v) => Math.round(v * 100) / 100));
  const lines = Object.entries(samples).flatMap(([key, pair]) =>
    pair
      ? [
          `  ${JSON.stringify(key)}: {`,
          `   "one": ${round(pair.one)},`,
          `   "two": ${round(pair.two)}`,
          '  },',
        ]
      : [],
  );
  writeFileSync(
    file,
    `${JSON.stringify(rest).slice(0, -1)},\n "samples": {\n${lines.join('\n').replace(/,$/, '')}\n }}\n`,
  );
  return file;
}

/**
 * How this bench slows its pages (`slowed` in chat-page.ts). Runs before 2026-12-04 slowed all
 * four chat pages through the whole chat set, and the three idle ones spun beside the measured
 * one: not pooled with these.
 */
export const THROTTLING = 'the measured page, in its turn';

/** A figure's samples in a run (none in a run kept before the figure was added). */
export const samplesOf = (run: RunRecord, figure: Figure) =>
  run.samples[figure.kept] ?? { one: [], two: [] };

/** Every kept run of the same reply kind and throttling, oldest first. */
export function keptRuns(reply: string): RunRecord[] {
  let files: string[];
  try {
    files = readdirSync(runsDir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => JSON.parse(readFileSync(join(runsDir, f), 'utf8')) as RunRecord)
    .filter((run) => run.reply === reply && run.throttling === THROTTLING);
}
