/**
 * The soak's crash steps at several database sizes: under steady SDK writes, SIGKILL the database
 * emulator alone, and in another step the whole `npm start` process group; restart on the same
 * files and check that every write acknowledged before the kill is there, and the pre-filled
 * data too. One table row per size and step.
 */
import { rmSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Child, startChild } from '../../emulator/bench/processes';
import { demoUsers } from '../demo/users';
import { countUsers } from './client';
import { fillStackData, writeFiller } from './fill';
import { killLeftovers, newSoakEnv, startStack, waitStackGone, type SoakEnv } from './stack';
import { missingWrites, steadyWriter, waitForAcks, type SteadyWriter } from './writer';

export interface SizeRow {
  step: 'emulator' | 'whole stack';
  mb: number;
  /** The data file's size when the run started. */
  fileMb: number;
  acked: number;
  /** Writes sent but not acknowledged when the kill came (they may or may not be there). */
  inFlight: number;
  lost: number;
  restartMs: number;
  problems: string[];
}

interface Hosts {
  authHost: string;
  dbHost: string;
  ns: string;
}

/** How long the writes go on, once they flow, before the kill. */
const STEADY_MS = 2000;
const CLI = 'emulator/src/cli.ts';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function getJson(dbHost: string, ns: string, path: string, query = ''): Promise<unknown> {
  const res = await fetch(`http://${dbHost}/${path}.json?ns=${ns}${query}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  if (!res.ok) throw new Error(`GET ${path} failed (${res.status}): ${await res.text()}`);
  return res.json();
}

async function keyCount(dbHost: string, ns: string, path: string): Promise<number> {
  const value = await getJson(dbHost, ns, path, '&shallow=true');
  return value && typeof value === 'object' ? Object.keys(value).length : 0;
}

/** Writes flow for a while; then the kill, with the acks counted up to that instant. */
async function writeThenKill(writer: SteadyWriter, kill: () => Promise<void>) {
  try {
    await waitForAcks(writer, 50);
    await sleep(STEADY_MS);
  } catch (e) {
    await writer.close();
    throw e;
  }
  const at = writer.freeze();
  await kill();
  return { acked: writer.acked.slice(0, at.acked), inFlight: at.started - at.acked };
}

/** What a restart kept: every acknowledged write and every pre-filled conversation. */
async function afterRestart(
  host: string,
  ns: string,
  acked: number[],
  where: { writes: string; filler: string; conversations: number },
) {
  const problems: string[] = [];
  const lost = missingWrites(acked, await getJson(host, ns, where.writes));
  if (lost.length) problems.push(`lost acknowledged writes: ${lost.slice(0, 10).join(', ')}`);
  const kept = await keyCount(host, ns, where.filler);
  if (kept !== where.conversations) {
    problems.push(`${kept} of ${where.conversations} conversations kept`);
  }
  return { lost, problems };
}

async function emulatorStep(dir: string, mb: number): Promise<SizeRow> {
  const ns = 'soak-sizes';
  const rules = join(dir, 'open.rules.json');
  await writeFile(rules, '{"rules":{".read":true,".write":true}}');
  const file = join(dir, `emulator-${mb}mb.json`);
  const { conversations } = await writeFiller(file, mb);
  const fileMb = (await stat(file)).size / 2 ** 20;
  const args = ['--port', '0', '--quiet', '--rules', rules, '--data', file];
  const first = await startChild(CLI, args);
  const writer = steadyWriter(`127.0.0.1:${first.port}`, ns, 'soakWrites');
  const { acked, inFlight } = await writeThenKill(writer, () => first.kill());
  await writer.close();
  const t = performance.now();
  let second: Child | undefined;
  try {
    second = await startChild(CLI, args);
    const restartMs = performance.now() - t;
    const host = `127.0.0.1:${second.port}`;
    const where = { writes: 'soakWrites', filler: 'messages', conversations };
    const { lost, problems } = await afterRestart(host, ns, acked, where);
    return {
      step: 'emulator',
      mb,
      fileMb,
      acked: acked.length,
      inFlight,
      lost: lost.length,
      restartMs,
      problems,
    };
  } finally {
    await second?.stop();
  }
}

async function stackStep(env: SoakEnv, hosts: Hosts, mb: number): Promise<SizeRow> {
  const file = join(env.dir, 'database.json');
  const { conversations } = await fillStackData(file, hosts.ns, mb);
  const fileMb = (await stat(file)).size / 2 ** 20;
  const first = await startStack(env);
  const writer = steadyWriter(hosts.dbHost, hosts.ns, `soakWrites/s${mb}`);
  const { acked, inFlight } = await writeThenKill(writer, async () => {
    process.kill(-(first.child.pid ?? 0), 'SIGKILL');
    await waitStackGone(env, Date.now());
  });
  await writer.close();
  const t = performance.now();
  const second = await startStack(env);
  try {
    const restartMs = performance.now() - t;
    const where = { writes: `soakWrites/s${mb}`, filler: 'soakFiller', conversations };
    const { lost, problems } = await afterRestart(hosts.dbHost, hosts.ns, acked, where);
    if (!second.output.includes('Existing local data kept.')) problems.push('data not kept');
    const users = await countUsers(hosts);
    if (users !== demoUsers.length) problems.push(`${users} users records, not the demo ones`);
    return {
      step: 'whole stack',
      mb,
      fileMb,
      acked: acked.length,
      inFlight,
      lost: lost.length,
      restartMs,
      problems,
    };
  } finally {
    process.kill(-(second.child.pid ?? 0), 'SIGINT');
    await waitStackGone(env, Date.now());
  }
}

/**
 * Runs both steps at each size in `sizesMb`. The stack is seeded once (a first start), then each
 * size replaces the filler in its stopped data file.
 */
export async function runSizedCrashes(
  sizesMb: number[],
  report: (line: string) => void = console.log,
): Promise<SizeRow[]> {
  const { env, hosts, dir } = await newSoakEnv('chat-soak-sizes-');
  const rows: SizeRow[] = [];
  const note = (row: SizeRow) => {
    rows.push(row);
    report(formatRow(row) + (row.problems.length ? `\n  ✖ ${row.problems.join('\n  ✖ ')}` : ''));
  };
  try {
    const seeded = await startStack(env);
    process.kill(-(seeded.child.pid ?? 0), 'SIGINT');
    await waitStackGone(env, Date.now());
    report(TABLE_HEAD);
    for (const mb of sizesMb) {
      note(await orFailure('emulator', mb, () => emulatorStep(env.dir, mb)));
      note(await orFailure('whole stack', mb, () => stackStep(env, hosts, mb)));
      killLeftovers(dir);
    }
  } finally {
    killLeftovers(dir);
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** A step that could not run to the end is a row with its reason, and the next one still runs. */
async function orFailure(
  step: SizeRow['step'],
  mb: number,
  run: () => Promise<SizeRow>,
): Promise<SizeRow> {
  try {
    return await run();
  } catch (e) {
    const problems = [`did not finish: ${e instanceof Error ? e.message : String(e)}`];
    return { step, mb, fileMb: 0, acked: 0, inFlight: 0, lost: 0, restartMs: 0, problems };
  }
}

const TABLE_HEAD =
  'SIGKILL under steady SDK writes | data file | acked before kill | in flight | lost | restart\n' +
  '--------------------------------+-----------+-------------------+-----------+------+--------';

function formatRow(r: SizeRow): string {
  return (
    `${`${r.mb} MB, ${r.step}`.padEnd(31)} | ${`${r.fileMb.toFixed(1)} MB`.padStart(9)} | ` +
    `${String(r.acked).padStart(17)} | ${String(r.inFlight).padStart(9)} | ` +
    `${String(r.lost).padStart(4)} | ${(r.restartMs / 1000).toFixed(1).padStart(5)} s` +
    (r.problems.length ? ' ✖' : ' ✔')
  );
}
