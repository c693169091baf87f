// `npm run bench:emulator`: prints figures; nothing here is asserted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latency } from './latency';
import { loadNodes } from './memory';
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
  const dir = await mkdtemp(join(tmpdir(), 'rtdb-bench-'));
  const rules = join(dir, 'rules.json');
  await writeFile(rules, '{"rules":{".read":true,".write":true}}');
  const emulatorArgs = ['--port', '0', '--quiet', '--rules', rules];
  const ws = (port: number): string => `ws://127.0.0.1:${port}/.ws?v=5&ns=bench`;
  const ms = SECONDS * 1000;
  console.log(`RTDB emulator benchmark (${SECONDS} s per throughput run, Node ${process.version})`);

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
  await rm(dir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
