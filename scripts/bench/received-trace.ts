/**
 * `npx tsx scripts/bench/received-trace.ts`: where a received message's time goes in the
 * 10,000-message chat, on one instance and on two (#43 part 6), as section 14 sets them up.
 * Every received message is traced over CDP (with V8's sampling profiler) and its main thread
 * from the WebSocket frame's arrival (FRAME_CLOCK's timestamp) to the frame after its bubble is
 * read by kind of work and by function (trace-read.ts). Printed, nothing asserted; the trace
 * slows the page, so the times are for comparing the two stacks, not for section 14's figures.
 * BENCH_TRACE_ROUNDS (24) rounds of a send and a received message on each stack, taking turns.
 */
import { prepareChat, type ChatSession } from './chat-send';
import { withCpu, type Around } from './cpu-time';
import { PLACED_ON } from './instances-compare';
import { onDirectory, onInstance } from './placed';
import { median, printTraced, stampOf, type TracedWindow } from './trace-read';
import { onBothStacks, tracedWork } from './trace-record';

const ROUNDS = Number(process.env.BENCH_TRACE_ROUNDS ?? 24);
/** FRAME_CLOCK marks each received message's frame with its text, 'Bench receive N from …'. */
const MARK = 'Bench receive ';
/** BUBBLE_CLOCK's mark: 'Bench bubble ' and the text. */
const BUBBLE_MARK = 'Bench bubble ';
/**
 * Marks the bubble's entering the DOM (a MutationObserver's callback runs in the task of React's
 * commit), so the window splits into the frame to the commit, and the commit to the frame seen.
 */
const BUBBLE_CLOCK = `new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes) {
      const seen = /Bench receive \\d+ from \\S+/.exec(node.textContent ?? '');
      if (seen && !(window.__bubbleAt ??= {})[seen[0]]) {
        window.__bubbleAt[seen[0]] = true;
        console.timeStamp(${JSON.stringify(BUBBLE_MARK)} + seen[0]);
      }
    }
}).observe(document.body, { childList: true, subtree: true });`;

/** Per window: ms from the frame to the bubble's commit, and the WebSocket frames handled. */
function phases(windows: TracedWindow[]) {
  return windows.map(({ ms, events }) => {
    const from = stampOf(events, MARK)?.ts ?? NaN;
    const to = from + ms * 1000;
    const inWindow = events.filter((e) => e.ts >= from && e.ts < to);
    return {
      ms,
      commitMs: ((stampOf(events, BUBBLE_MARK)?.ts ?? NaN) - from) / 1000,
      socketCalls: inWindow.filter(
        (e) => e.name === 'FunctionCall' && e.args?.data?.functionName === 'mySock.onmessage',
      ).length,
      frames: inWindow.filter((e) => e.name === 'FireAnimationFrame').length,
    };
  });
}

function printPhases(title: string, windows: TracedWindow[]) {
  const rows = phases(windows);
  const fixed = (value: number) => value.toFixed(1);
  console.log(
    `\n${title}: p50 frame to bubble ${fixed(median(rows.map((r) => r.ms)))} ms, ` +
      `frame to commit ${fixed(median(rows.map((r) => r.commitMs)))} ms; per window ` +
      '(ms, to commit, socket messages handled, animation-frame callbacks):',
  );
  console.log(
    '  ' +
      rows
        .map(
          (r) => `${fixed(r.ms)}/${fixed(r.commitMs)}/${String(r.socketCalls)}/${String(r.frames)}`,
        )
        .join('  '),
  );
}

await onBothStacks(async (browser, stacks, log) => {
  const received: TracedWindow[][] = [[], []];
  const sessions: ChatSession[] = [];
  for (const [n, stack] of stacks.entries()) {
    const place = n === 0 ? onDirectory(stack.target) : onInstance(stack.target, PLACED_ON);
    // Only the long chat takes turns below, so every received message traced is the long chat's.
    const observed = new Set<unknown>();
    const around: Around = async (cdp, work, what) => {
      if (what !== 'receive') return withCpu(cdp, work);
      if (!observed.has(cdp)) await cdp.send('Runtime.evaluate', { expression: BUBBLE_CLOCK });
      observed.add(cdp);
      return tracedWork(cdp, work, (ms, events) => {
        received[n]?.push({ ms: Number(ms), events, mark: MARK });
      });
    };
    const say = (line: string) => log(`${String(n + 1)} instance(s): ${line}`);
    sessions.push(await prepareChat(browser, stack.target, stack.appUrl, say, place, around));
  }
  for (let i = 0; i < ROUNDS; i++) {
    for (const session of i % 2 === 0 ? sessions : [...sessions].reverse())
      await session.turn(i, 'long');
    if ((i + 1) % 6 === 0) log(`round ${String(i + 1)} of ${String(ROUNDS)} on both`);
  }
  for (const session of sessions) await session.finish();
  for (const [n, windows] of received.entries())
    printPhases(n === 0 ? '1 instance' : '2 instances', windows);
  for (const [n, stack] of stacks.entries()) {
    const label = n === 0 ? '1 instance' : '2 instances';
    const windows = received[n] ?? [];
    printTraced(label, 'received messages, frame to bubble', windows, stack.outDir);
    // The part after the bubble's commit, on its own: the frames that show it.
    const afterCommit = phases(windows).map((row, i) => ({
      ms: row.ms - row.commitMs,
      events: windows[i]?.events ?? [],
      mark: BUBBLE_MARK,
    }));
    printTraced(label, 'received messages, commit to bubble seen', afterCommit, stack.outDir);
  }
});
process.exit(0);
