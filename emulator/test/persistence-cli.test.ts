import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, push, ref, set, setWithPriority } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, rest, startTestEmulator } from './helpers';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rtdb-emu-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps acknowledged data across a clean restart', async () => {
    const file = join(dir, 'restart.json');
    const first = await startTestEmulator({ dataFile: file });
    const c = connectClient(first);
    await set(ref(c.db, 'a'), { b: 1 });
    await setWithPriority(ref(c.db, 'p'), 'v', 4);
    const key = (await push(ref(c.db, 'list'), 'x')).key ?? '';
    await c.close();
    await first.close();
    const text = await readFile(file, 'utf8');
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect((await readdir(dir)).filter((f) => f.includes('.tmp'))).toEqual([]);

    const second = await startTestEmulator({ dataFile: file });
    const d = connectClient(second, c.ns);
    expect((await get(ref(d.db, 'a/b'))).val()).toBe(1);
    expect((await get(ref(d.db, 'p'))).exportVal()).toEqual({ '.value': 'v', '.priority': 4 });
    expect((await get(ref(d.db, `list/${key}`))).val()).toBe('x');
    await d.close();
    await second.close();
  });

  it('seeds every namespace from a plain export file', async () => {
    const file = join(dir, 'seed.json');
    await writeFile(file, JSON.stringify({ greeting: { '.value': 'hi', '.priority': 1 } }));
    const emu = await startTestEmulator({ dataFile: file });
    expect((await rest(emu, 'GET', '/greeting.json', { ns: 'one' })).body).toBe('hi');
    await rest(emu, 'PUT', '/greeting.json', { ns: 'two', body: 'changed' });
    await emu.close();
    const again = await startTestEmulator({ dataFile: file });
    expect((await rest(again, 'GET', '/greeting.json', { ns: 'two' })).body).toBe('changed');
    expect((await rest(again, 'GET', '/greeting.json', { ns: 'three' })).body).toBe('hi');
    await again.close();
  });

  it('refuses to start on a corrupt data file', async () => {
    const file = join(dir, 'corrupt.json');
    await writeFile(file, '{"half": ');
    await expect(startTestEmulator({ dataFile: file })).rejects.toThrow(/not valid JSON/);
  });
});

function runCli(args: string[]): {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'emulator/src/cli.ts', ...args], {
    cwd: join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function until(cond: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('CLI', () => {
  it('prints the listening line, serves, and stops cleanly on SIGTERM, flushing data', async () => {
    const file = join(dir, 'cli.json');
    const rules = join(dir, 'rules.json');
    await writeFile(rules, '{ "rules": { ".read": true, ".write": true } }');
    const cli = runCli(['--port', '0', '--rules', rules, '--data', file]);
    await until(() => /listening on 127\.0\.0\.1:\d+/.test(cli.output()));
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(cli.output())?.[1]);
    const emu = { host: '127.0.0.1', port, close: () => Promise.resolve() };
    expect((await rest(emu, 'PUT', '/x.json', { ns: 'cli', body: 42, token: null })).status).toBe(
      200,
    );
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(saved['.namespaces'].cli).toEqual({ x: 42 });
  });

  it('never leaves a torn data file when killed mid-write', async () => {
    const file = join(dir, 'crash.json');
    const cli = runCli(['--port', '0', '--data', file]);
    await until(() => /listening on 127\.0\.0\.1:\d+/.test(cli.output()));
    const port = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(cli.output())?.[1]);
    const emu = { host: '127.0.0.1', port, close: () => Promise.resolve() };
    const big = 'x'.repeat(200_000);
    for (let i = 0; i < 30; i++)
      await rest(emu, 'PUT', `/blob/${i}.json`, { ns: 'crash', body: big });
    cli.proc.kill('SIGKILL');
    await cli.exited;
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) expect(() => JSON.parse(text) as unknown).not.toThrow();
  });

  it('stops the start when the rules file does not parse, naming line and column', async () => {
    const rules = join(dir, 'bad-rules.json');
    await writeFile(rules, '{\n  "rules": {\n    ".read": tru\n  }\n}\n');
    const cli = runCli(['--port', '0', '--rules', rules]);
    expect(await cli.exited).not.toBe(0);
    expect(cli.output()).toMatch(/line 3, column \d+/);
  });
});
