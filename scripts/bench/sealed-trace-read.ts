/**
 * Reading sealed-trace.ts's traces: for each send, the page's main thread from Enter to the
 * bubble, as the trace's own events (self time per kind of work: script, layout, paint, the
 * time no task ran) and as the V8 sampling profile's JavaScript (self time per function, mapped
 * to its source through the build's source maps).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
export interface TracedSend {
  sendMs: number;
  events: TraceEvent[];
}
type Totals = Map<string, number>;

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function kindOf(event: TraceEvent): string {
  if (TASKS.has(event.name)) return '(task, outside any event below)';
  const data = event.args?.data ?? {};
  const file = text(data.url).replace(/^.*\//, '');
  return [event.name, text(data.type), text(data.functionName), file].filter(Boolean).join(' ');
}

/** The window: from the Enter keydown's dispatch for the send's measured time, on its thread. */
function windowOf(send: TracedSend) {
  const enter = send.events.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown',
  );
  return enter && { enter, from: enter.ts, to: enter.ts + send.sendMs * 1000 };
}

/** Self time of each complete event on the main thread, clipped to the window (ms). */
function addEventTimes(send: TracedSend, totals: Totals): void {
  const at = windowOf(send);
  if (!at) return;
  const clip = (e: TraceEvent) =>
    Math.max(0, Math.min(e.ts + (e.dur ?? 0), at.to) - Math.max(e.ts, at.from));
  const events = send.events
    .filter((e) => e.pid === at.enter.pid && e.tid === at.enter.tid && e.ph === 'X')
    .filter((e) => clip(e) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const open: Array<{ event: TraceEvent; inner: number }> = [];
  const add = (key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us / 1000);
  const closeUntil = (ts: number) => {
    for (
      let top = open.at(-1);
      top && top.event.ts + (top.event.dur ?? 0) <= ts;
      top = open.at(-1)
    ) {
      open.pop();
      add(kindOf(top.event), clip(top.event) - top.inner);
    }
  };
  let busy = 0;
  for (const event of events) {
    closeUntil(event.ts);
    const parent = open.at(-1);
    if (parent) parent.inner += clip(event);
    else busy += clip(event);
    open.push({ event, inner: 0 });
  }
  closeUntil(Infinity);
  add('(no task running)', send.sendMs * 1000 - busy);
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** JavaScript self time per function from the profile's samples inside the window (ms). */
function addScriptTimes(send: TracedSend, totals: Totals, source: (n: ProfileNode) => string) {
  const at = windowOf(send);
  const profile = at && send.events.find((e) => e.name === 'Profile' && e.pid === at.enter.pid);
  if (!at || !profile) return;
  const nodes = new Map<number, ProfileNode>();
  let t = Number(profile.args?.data?.startTime);
  for (const chunk of send.events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== at.enter.pid || chunk.id !== profile.id)
      continue;
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    for (const [i, sample] of (data?.cpuProfile?.samples ?? []).entries()) {
      const delta = deltas[i] ?? 0;
      t += delta;
      const node = nodes.get(sample);
      if (t < at.from || t >= at.to || !node) continue;
      const key = source(node);
      totals.set(key, (totals.get(key) ?? 0) + delta / 1000);
    }
  }
}

/** `name src/file.ts:line` for a node of the build in `dist`, through its source map. */
function sourcesIn(dist: string) {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      try {
        const file = join(dist, 'assets', `${url.replace(/^.*\//, '')}.map`);
        maps.set(url, new TraceMap(readFileSync(file, 'utf8')));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url) ?? null;
  };
  return ({ callFrame: frame }: ProfileNode) => {
    const map = frame.url ? mapOf(frame.url) : null;
    if (!map) return frame.functionName || '(native)';
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    const file = (at.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    return `${at.name ?? frame.functionName} ${file}:${String(at.line)}`;
  };
}

function print(title: string, totals: Totals, sends: number, rows: number): void {
  console.log(`\n${title}`);
  const sorted = [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows);
  for (const [key, ms] of sorted) console.log(`  ${(ms / sends).toFixed(2).padStart(7)}  ${key}`);
}

export function printTraced(label: string, sends: TracedSend[], dist: string): void {
  const events: Totals = new Map();
  const scripts: Totals = new Map();
  const source = sourcesIn(dist);
  for (const send of sends) {
    addEventTimes(send, events);
    addScriptTimes(send, scripts, source);
  }
  const ms = sends.map((s) => s.sendMs).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)] ?? NaN;
  const head = `${label}: ${String(sends.length)} sealed sends, Enter to bubble p50 ${median.toFixed(1)} ms`;
  print(`${head}; mean ms per send by trace event (self time)`, events, sends.length, 20);
  print(`${head}; mean ms per send by sampled function (self time)`, scripts, sends.length, 20);
}
