/**
 * Reading the traces of sealed-trace.ts and received-trace.ts: for each measured window (a send's
 * Enter to its bubble, or a received message's frame to its bubble), the page's main thread, as
 * the trace's own events (self time per kind of work: script, layout, paint, the
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
/** One measured window: `ms` long, from the Enter keydown or, with `mark`, the first such TimeStamp. */
export interface TracedWindow {
  ms: number;
  events: TraceEvent[];
  /** How the label of the `console.timeStamp` the window starts at begins (FRAME_CLOCK's). */
  mark?: string;
}
type Totals = Map<string, number>;

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** Events counted as well as timed: how often each function is called into, each event fired. */
const CALLS = new Set(['FunctionCall', 'EventDispatch', 'FireAnimationFrame', 'TimerFire']);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A script's place: 0-based line and column, as in a CPU profile's call frames. */
interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
type Source = (frame: Frame) => string;

/** A kind of work; a FunctionCall by the function called, through the build's source maps. */
function kindOf(event: TraceEvent, source: Source): string {
  if (TASKS.has(event.name)) return '(task, outside any event below)';
  const data = event.args?.data ?? {};
  const url = text(data.url);
  if (event.name === 'FunctionCall' && url && typeof data.lineNumber === 'number') {
    // The trace's lines and columns count from 1.
    const column = typeof data.columnNumber === 'number' ? data.columnNumber - 1 : 0;
    const frame = { functionName: text(data.functionName), url, lineNumber: data.lineNumber - 1 };
    return `FunctionCall ${source({ ...frame, columnNumber: column })}`;
  }
  const file = url.replace(/^.*\//, '');
  return [event.name, text(data.type), text(data.functionName), file].filter(Boolean).join(' ');
}

/** The first `console.timeStamp` in `events` whose label begins with `prefix`. */
export function stampOf(events: TraceEvent[], prefix: string): TraceEvent | undefined {
  return events.find(
    (e) =>
      e.name === 'TimeStamp' &&
      text(e.args?.data?.message ?? e.args?.data?.name).startsWith(prefix),
  );
}

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

/** The window: from its start (the Enter keydown's dispatch, or its mark), on that thread. */
function windowOf(span: TracedWindow) {
  const start = span.mark
    ? stampOf(span.events, span.mark)
    : span.events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  return start && { start, from: start.ts, to: start.ts + span.ms * 1000 };
}

/** Self time of each complete event on the main thread, clipped to the window (ms). */
function addEventTimes(span: TracedWindow, totals: Totals, source: Source, calls: Totals): void {
  const at = windowOf(span);
  if (!at) return;
  const clip = (e: TraceEvent) =>
    Math.max(0, Math.min(e.ts + (e.dur ?? 0), at.to) - Math.max(e.ts, at.from));
  const events = span.events
    .filter((e) => e.pid === at.start.pid && e.tid === at.start.tid && e.ph === 'X')
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
      const kind = kindOf(top.event, source);
      add(kind, clip(top.event) - top.inner);
      if (CALLS.has(top.event.name)) calls.set(kind, (calls.get(kind) ?? 0) + 1);
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
  add('(no task running)', span.ms * 1000 - busy);
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: Frame;
}

/** JavaScript self time per function from the profile's samples inside the window (ms). */
function addScriptTimes(span: TracedWindow, totals: Totals, source: Source) {
  const at = windowOf(span);
  const profile = at && span.events.find((e) => e.name === 'Profile' && e.pid === at.start.pid);
  if (!at || !profile) return;
  const nodes = new Map<number, ProfileNode>();
  let t = Number(profile.args?.data?.startTime);
  for (const chunk of span.events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== at.start.pid || chunk.id !== profile.id)
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
      const key = source(node.callFrame);
      totals.set(key, (totals.get(key) ?? 0) + delta / 1000);
    }
  }
}

/** `name src/file.ts:line` for a place in the build in `dist`, through its source map. */
function sourcesIn(dist: string): Source {
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
  return (frame) => {
    const map = frame.url ? mapOf(frame.url) : null;
    if (!map) return frame.functionName || '(native)';
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    const file = (at.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    return `${at.name ?? frame.functionName} ${file}:${String(at.line)}`;
  };
}

function print(title: string, totals: Totals, spans: number, rows: number): void {
  console.log(`\n${title}`);
  const sorted = [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows);
  for (const [key, value] of sorted)
    console.log(`  ${(value / spans).toFixed(2).padStart(7)}  ${key}`);
}

/** `what`: the windows' name, as 'sealed sends, Enter to bubble'. */
export function printTraced(label: string, what: string, spans: TracedWindow[], dist: string) {
  const events: Totals = new Map();
  const calls: Totals = new Map();
  const scripts: Totals = new Map();
  const source = sourcesIn(dist);
  for (const span of spans) {
    addEventTimes(span, events, source, calls);
    addScriptTimes(span, scripts, source);
  }
  const p50 = median(spans.map((s) => s.ms));
  const head = `${label}: ${String(spans.length)} ${what} p50 ${p50.toFixed(1)} ms`;
  print(`${head}; mean ms per window by trace event (self time)`, events, spans.length, 20);
  print(`${head}; mean ms per window by sampled function (self time)`, scripts, spans.length, 20);
  print(`${head}; calls and events per window`, calls, spans.length, 12);
  const files: Totals = new Map();
  for (const [key, ms] of scripts) {
    const file = / (\S+):\d+$/.exec(key)?.[1] ?? '(no source)';
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  print(`${head}; mean ms per window by source file (self time)`, files, spans.length, 30);
}
