// `npm run bench:emulator`: prints figures; nothing here is asserted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appLoadBench } from './app-load-bench';
import { latency } from './latency';
import { loadNodes } from './memory';
import { persistenceBench } from './persistence';
import { type Child, startChild } from './processes';
import { listeners, writeLoop } from './raw-writer';
import { rulesSpeed } from './rules-speed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const MB = 1024 * 1024;

async function withChild<T>(
  script: string,
  args: string[],
  fn: (c: Child) => Promise<T>,
): Promise<T> {
  const child = await startChild(script, args);
  try {
    return await fn(child);
  } finally {
    await child.stop();
  }
}

async function main(): Promise<void> {
  // `--sizes 1,10` limits the persistence runs (database sizes in MB); `--only persistence` or
  // `--only app` (the app's sends: CPU per send, 600 sends/s from 200 users) skips the rest.
  const { values } = parseArgs({
    options: { sizes: { type: 'string', default: '1,10,60,200' }, only: { type: 'string' } },
  });
  const sizesMb = values.sizes.split(',').map(Number);
  if (sizesMb.some((n) => !(n > 0))) throw new Error(`Invalid --sizes ${values.sizes}`);
  const dir = await mkdtemp(join(tmpdir(), 'rtdb-bench-'));
  const rules = join(dir, 'rules.json');
  await writeFile(rules, '{"rules":{".read":true,".write":true}}');
  const emulatorArgs = ['--port', '0', '--quiet', '--rules', rules];
  const ws = (port: number): string => `ws://127.0.0.1:${port}/.ws?v=5&ns=bench`;
  const ms = SECONDS * 1000;
  console.log(`RTDB emulator benchmark (${SECONDS} s per throughput run, Node ${process.version})`);

  if (values.only === 'persistence') {
    await persistence(dir, sizesMb);
    await rm(dir, { recursive: true, force: true });
    return;
  }
  if (values.only === 'app') {
    await appLoadBench(dir, (line) => console.log(line));
    await rm(dir, { recursive: true, force: true });
    return;
  }
  const echo = await withChild('emulator/bench/echo-server.ts', [], (c) =>
    writeLoop(ws(c.port), ms),
  );
  console.log(
    `ceiling: bare WebSocket echo, same write loop  ${(echo / SECONDS).toFixed(0)} msg/s`,
  );

  await withChild('emulator/src/cli.ts', emulatorArgs, async (c) => {
    const zero = await writeLoop(ws(c.port), ms);
    console.log(
      `small writes, 0 listening clients            ${(zero / SECONDS).toFixed(0)} writes/s`,
    );
    const crowd = await listeners(ws(c.port), 100);
    const hundred = await writeLoop(ws(c.port), ms);
    const pushed = crowd.frames();
    crowd.close();
    console.log(
      `small writes, 100 listening clients          ${(hundred / SECONDS).toFixed(0)} writes/s` +
        ` (${(pushed / SECONDS).toFixed(0)} pushes/s delivered)`,
    );
    const lat = await latency(c.port, 1000);
    console.log(
      `write -> event in another SDK client         p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms`,
    );
  });

  await withChild('emulator/src/cli.ts', emulatorArgs, async (c) => {
    const before = await c.rssBytes();
    await loadNodes(c.port, 1_000_000);
    await new Promise((r) => setTimeout(r, 500));
    const after = await c.rssBytes();
    console.log(
      `resident memory, 1,000,000 small nodes       ${(after / MB).toFixed(0)} MB` +
        ` (idle emulator ${(before / MB).toFixed(0)} MB)`,
    );
  });
  const speed = rulesSpeed();
  console.log(
    `rules evaluation, typical validated write    ${speed.writeMicros.toFixed(2)} µs` +
      ` (read ${speed.readMicros.toFixed(2)} µs)`,
  );
  await appLoadBench(dir, (line) => console.log(line));
  await persistence(dir, sizesMb);
  await rm(dir, { recursive: true, force: true });
}

function persistence(dir: string, sizesMb: number[]): Promise<void> {
  return persistenceBench({
    sizesMb,
    dir,
    cli: 'emulator/src/cli.ts',
    rate: 100,
    seconds: 5,
    throughputSeconds: SECONDS,
    journal: true,
    print: (line) => console.log(line),
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
