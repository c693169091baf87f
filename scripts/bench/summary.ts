/** The bench's final tables. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetText, checkBudgets } from './budgets';
import { chunkPackages, packagesOf } from './chunk-contents';
import { repoRoot } from '../stack/paths';
import type { Visit } from './dashboard';
import { sizes } from './datasets';
import type { LatencyStats } from './latency';
import { biggestChunks, int, kb, ms, scriptRow, table } from './report';
import { buildTotals, type ScriptSet } from './scripts-size';
import { shape } from './seed';
import type { BenchStack } from './stack';

export interface Results {
  stack: BenchStack;
  small: Visit;
  large: Visit;
  smallDb: { users: number; paths: number; ms: number };
  largeDb: { users: number; messages: number; paths: number; ms: number };
  searches: Array<{ prefix: string; matches: number; shown: number; ms: number }>;
  debounceMs: number;
  latency: LatencyStats;
}

/** Section 1: the JavaScript of /login and of the signed-in home, from one visit. */
export function printScripts(outDir: string, visit: Visit): void {
  const jsFiles = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const sets = { login: visit.loginScripts, home: visit.homeScripts };
  const loaded = new Set(
    [...sets.login.chunks, ...sets.home.chunks, ...visit.homeAfterPaint.chunks].map((c) => c.file),
  );
  const notLoaded = jsFiles.filter((f) => !loaded.has(f));
  const lazy = buildTotals(outDir, notLoaded);
  const whole = buildTotals(outDir, jsFiles);
  console.log(
    table(
      '1. JavaScript loaded (the build files behind the script responses, gzip -9)',
      ['Screen', 'files', 'raw', 'gzip'],
      [
        scriptRow('First screen: /login (cold cache)', sets.login),
        scriptRow('Signed-in home: /pages/home (cold cache), first paint', sets.home),
        scriptRow('  then, after its first paint (database)', visit.homeAfterPaint),
        scriptRow('Login -> home navigation adds', visit.navScripts),
        ['Loaded by neither (lazy)', int(notLoaded.length), kb(lazy.raw), kb(lazy.gzip)],
        ['Whole build', int(jsFiles.length), kb(whole.raw), kb(whole.gzip)],
      ],
    ),
  );
  console.log(`   budgets (npm run check): ${checkBudgets(sets).map(budgetText).join('; ')}`);
  console.log(
    table('   Biggest chunks', ['Chunk', 'raw', 'gzip', 'loaded by'], biggestChunks(sets, 8)),
  );
  const lazyNames = notLoaded.map((f) => f.replace(/^assets\/|-[\w-]{8}\.js$/g, ''));
  console.log(`   lazy chunks: ${lazyNames.join(', ') || '(none)'}`);
  heavyParts(outDir, jsFiles, sets);
  const unmatched = [...sets.login.unmatched, ...sets.home.unmatched];
  if (unmatched.length) console.log(`   scripts outside the build: ${unmatched.join(', ')}`);

  const login = packagesOf(
    outDir,
    sets.login.chunks.map((c) => c.file),
  );
  const home = packagesOf(
    outDir,
    sets.home.chunks.map((c) => c.file),
  );
  const names = [...new Set([...login.keys(), ...home.keys()])]
    .sort((a, b) => (home.get(b) ?? 0) - (home.get(a) ?? 0))
    .slice(0, 12);
  console.log(
    table(
      '   By package (minified bytes, from the source maps)',
      ['Package', '/login', '/pages/home'],
      names.map((n) => [n, kb(login.get(n) ?? 0), kb(home.get(n) ?? 0)]),
    ),
  );
}

/** Where the heavy optional dependencies (cropper, lightbox, emoji picker) ended up. */
function heavyParts(outDir: string, jsFiles: string[], sets: Record<string, ScriptSet>): void {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const heavy = Object.keys(manifest.dependencies ?? {}).filter((d) =>
    /crop|lightbox|emoji/i.test(d),
  );
  const contents = new Map(jsFiles.map((f) => [f, new Map(chunkPackages(outDir, f))]));
  for (const name of heavy) {
    const files = jsFiles.filter((f) => contents.get(f)?.has(name));
    const where = files.map((f) => {
      const by = Object.entries(sets)
        .filter(([, set]) => set.chunks.some((c) => c.file === f))
        .map(([screen]) => screen);
      return `${f.replace(/^assets\//, '')} (${by.length ? `LOADED by ${by.join(', ')}` : 'lazy'})`;
    });
    console.log(
      `   ${name}: ${where.length ? where.join('; ') : 'not in the build (not imported yet)'}`,
    );
  }
}

function websocket(r: Results): void {
  const { small, large } = r;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const row = (label: string, v: Visit) => [
    label,
    kb(v.ready.bytes),
    int(v.ready.frames),
    kb(v.settled.bytes),
    int(v.settled.frames),
    ms(v.signInMs),
  ];
  console.log(
    table(
      "2. Database WebSocket bytes received, 'Login to Continue' -> ready dashboard",
      ['Database', 'to ready', 'frames', 'settled', 'frames', 'time'],
      [
        row(`small: ${int(r.smallDb.users)} users, 0 messages`, small),
        row(`large: ${int(r.largeDb.users)} users, ${int(r.largeDb.messages)} messages`, large),
        [
          'large / small',
          ratio(large.ready.bytes, small.ready.bytes),
          '',
          ratio(large.settled.bytes, small.settled.bytes),
          '',
          '',
        ],
      ],
    ),
  );
  const kinds = [
    ...new Set([...Object.keys(small.settled.byPath), ...Object.keys(large.settled.byPath)]),
  ].sort((a, b) => (large.settled.byPath[b] ?? 0) - (large.settled.byPath[a] ?? 0));
  console.log(
    table(
      '   Settled bytes by database path',
      ['Path', 'small', 'large'],
      kinds.map((k) => [k, kb(small.settled.byPath[k] ?? 0), kb(large.settled.byPath[k] ?? 0)]),
    ),
  );
  console.log(
    `   bench user: ${int(shape.friends)} friends, ` +
      `${int(shape.sentRequests + shape.receivedRequests)} requests, ${int(shape.blocks)} blocks; ` +
      `large adds ${int(sizes.myMessages)} messages in one of their conversations.\n` +
      '   ready = Friend List and User List show rows; settled = no frame for 1.5 s more.\n' +
      "   time includes the spec's 1 s success toast before the redirect to /pages/home.",
  );
}

export function printSummary(r: Results, totalMs: number): void {
  printScripts(r.stack.outDir, r.small);
  websocket(r);
  const l = r.latency;
  console.log(
    table(
      '3. Message delivery latency, SDK client A push() -> client B child_added (one at a time)',
      ['Messages', 'p50', 'p99', 'max', 'mean'],
      [[int(l.samples), ms(l.p50), ms(l.p99), ms(l.max), ms(l.mean)]],
    ),
  );
  const users = int(r.largeDb.users);
  console.log(
    table(
      `4. Large lists (search times include the ${int(r.debounceMs)} ms typing debounce)`,
      ['Measure', 'time', 'note'],
      [
        [
          `User List first page, ${int(r.smallDb.users)} users (open /pages/home signed in)`,
          ms(r.small.firstPageMs),
          `${int(r.small.userRowsInDom)} rows in DOM`,
        ],
        [
          `User List first page, ${users} users (open /pages/home signed in)`,
          ms(r.large.firstPageMs),
          `${int(r.large.userRowsInDom)} rows in DOM`,
        ],
        ...r.searches.map((s) => [
          `Search "${s.prefix}" over ${users} users (${int(s.matches)} match)`,
          ms(s.ms),
          `${int(s.shown)} rows shown`,
        ]),
      ],
    ),
  );
  const seeding = r.smallDb.ms + r.largeDb.ms;
  console.log(
    `\nbuild ${ms(r.stack.buildMs)}, seeding ${ms(seeding)}, total ${(totalMs / 1000).toFixed(1)} s`,
  );
}
