import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_RULES, connectClient, rest } from './helpers';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rtdb-crash-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Cli {
  proc: ChildProcess;
  host: string;
  port: number;
  close: () => Promise<void>;
}

/** The real CLI in its own process, so that SIGKILL is a real crash. */
async function startCli(args: string[]): Promise<Cli> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'emulator/src/cli.ts', ...args], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.on('exit', (code) => reject(new Error(`emulator exited with ${String(code)}: ${out}`)));
  });
  return { proc, host: '127.0.0.1', port, close: () => Promise.resolve() };
}

function kill(cli: Cli): Promise<void> {
  return new Promise((resolve) => {
    cli.proc.once('exit', () => resolve());
    cli.proc.kill('SIGKILL');
  });
}

/** A database of `count` chat messages in the pre-journal whole-file format. */
function oldDatabase(count: number): string {
  const messages: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    messages[`m${i}`] = { from: 'u1', text: `message ${i} `.repeat(20), sentAt: i };
  return JSON.stringify({ '.namespaces': { crash: { messages } } });
}

describe('crash safety', () => {
  it.each([
    ['an empty database', 0, []],
    ['a 5 MB database', 20_000, []],
    // Compacting all the time, so the kill lands during a snapshot or a journal switch.
    ['snapshots being written throughout', 2_000, ['--compact-mb', '0.02']],
  ])(
    'keeps every acknowledged SDK write after SIGKILL under steady writes, with %s',
    async (_label, preloaded, extra) => {
      const file = join(dir, `crash-${preloaded}.json`);
      const rules = join(dir, 'rules.json');
      await writeFile(rules, OPEN_RULES);
      if (preloaded > 0) await writeFile(file, oldDatabase(preloaded));
      const args = ['--port', '0', '--quiet', '--rules', rules, '--data', file, ...extra];
      const first = await startCli(args);
      const client = connectClient(first, 'crash');
      const acked = new Set<number>();
      let next = 0;
      let killed = false;
      // Twenty writes in flight at all times, until the kill.
      const writer = async (): Promise<void> => {
        while (!killed) {
          const i = next++;
          await set(ref(client.db, `writes/w${i}`), { i, text: 'x'.repeat(200) }).then(
            () => !killed && acked.add(i),
            () => undefined,
          );
        }
      };
      const writers = Array.from({ length: 20 }, () => writer());
      while (acked.size < 300) await new Promise((r) => setTimeout(r, 10));
      await kill(first);
      killed = true;
      await client.close();
      void Promise.all(writers);

      if (extra.length > 0) {
        // The kill came after at least one compaction had replaced the data file.
        const snapshot = JSON.parse(await readFile(file, 'utf8')) as { '.generation'?: number };
        expect(snapshot['.generation']).toBeGreaterThan(0);
      }
      const second = await startCli(args);
      const { body } = await rest(second, 'GET', '/.json', { ns: 'crash', query: 'shallow=true' });
      const writes = (await rest(second, 'GET', '/writes.json', { ns: 'crash' })).body as Partial<
        Record<string, { i: number }>
      >;
      const missing = [...acked].filter((i) => writes[`w${i}`]?.i !== i);
      expect(missing).toEqual([]);
      expect(acked.size).toBeGreaterThanOrEqual(300);
      if (preloaded > 0) {
        expect(body).toEqual({ messages: true, writes: true });
        const m = (
          await rest(second, 'GET', '/messages.json', { ns: 'crash', query: 'shallow=true' })
        ).body as Record<string, true>;
        expect(Object.keys(m)).toHaveLength(preloaded);
      }
      await kill(second);
    },
    60_000,
  );
});
