/**
 * Exactly-once sends under a crash: the local database is SIGKILLed while a client sends messages
 * as fast as it can, and restarted on the same port and files. The SDK then sends again the
 * writes that were in flight; the rules (create only, as for messages) refuse those the server
 * had stored. The app's send logic (src/lib/firebase/send-once.ts `settleSend`) must report no
 * stored message as failed, and none as sent that is not stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  goOffline,
  ref,
  serverTimestamp,
  update,
} from 'firebase/database';
import { afterAll, describe, expect, it } from 'vitest';
import { overSocket } from '../../src/lib/firebase/conversations/placement/slot-access';
import { settleSend } from '../../src/lib/firebase/conversations/send-once';
import { repoRoot } from '../../scripts/stack/paths';
import { freePort } from '../../scripts/stack/ports';

const dir = mkdtempSync(join(tmpdir(), 'chat-send-crash-'));
const ns = 'send-crash';
const RULES = {
  rules: {
    '.read': true,
    sends: { $id: { '.write': 'auth != null && !data.exists()' } },
  },
};
const IN_FLIGHT = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let running: ChildProcess | undefined;
afterAll(() => {
  running?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function startDatabase(port: number): Promise<ChildProcess> {
  const rules = join(dir, 'rules.json');
  writeFileSync(rules, JSON.stringify(RULES));
  const args = ['--import', 'tsx', 'emulator/src/cli.ts', '--port', String(port), '--quiet'];
  args.push('--rules', rules, '--data', join(dir, 'database.json'));
  const proc = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  running = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('listening on')) resolve(proc);
    });
    proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
    proc.once('exit', (code) => reject(new Error(`emulator exited (${String(code)}): ${out}`)));
  });
}

async function storedIds(port: number): Promise<Set<string>> {
  const res = await fetch(`http://127.0.0.1:${port}/sends.json?ns=${ns}&shallow=true`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return new Set(Object.keys(((await res.json()) as Record<string, unknown> | null) ?? {}));
}

describe('sends across a SIGKILL of the database under load', () => {
  it('reports every stored message as sent, counting the refused repeats as delivered', async () => {
    const port = await freePort();
    const first = await startDatabase(port);
    const app = initializeApp(
      { projectId: 'demo-send-crash', databaseURL: `https://${ns}.firebaseio.com` },
      'send-crash',
    );
    const db = getDatabase(app);
    // Declared apart: typed against the option's `string | token` union, `sub` reads as the
    // deprecated String.prototype.sub to the linter.
    const mockUserToken = { sub: 'sender' };
    connectDatabaseEmulator(db, '127.0.0.1', port, { mockUserToken });

    const outcomes = new Map<string, 'acked' | 'stored' | 'failed'>();
    const settling: Array<Promise<void>> = [];
    let crash: () => void = () => undefined;
    const crashed = new Promise<void>((resolve) => (crash = resolve));
    let sending = true;
    let next = 0;
    const loop = async () => {
      while (sending) {
        const id = `m${String(next++).padStart(6, '0')}`;
        const path = `sends/${id}`;
        const written = { text: `message ${id}`, senderId: 'sender', createdAt: serverTimestamp() };
        const attempt = update(ref(db), { [path]: written });
        const done = settleSend(overSocket(db), path, written, attempt).then(
          (outcome) => void outcomes.set(id, outcome),
          () => void outcomes.set(id, 'failed'),
        );
        settling.push(done);
        // One send at a time per loop; at the crash the loop stops and leaves it in flight.
        await Promise.race([done, crashed]);
      }
    };
    for (let k = 0; k < IN_FLIGHT; k++) void loop();
    while (outcomes.size < 300) await sleep(20);
    sending = false;
    crash();
    const inFlight = next - outcomes.size;
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    await startDatabase(port);
    // The SDK reconnects by itself and sends the in-flight writes again.
    await Promise.race([Promise.all(settling), sleep(90_000)]);
    const stored = await storedIds(port);
    goOffline(db);
    await deleteApp(app);

    const count = (kind: string) => [...outcomes.values()].filter((o) => o === kind).length;
    console.log(
      `send crash: ${next} sends, ${inFlight} in flight at the kill; ${count('acked')} acked, ` +
        `${count('stored')} refused as already stored (delivered), ${count('failed')} failed`,
    );
    expect(outcomes.size).toBe(next);
    const failedButStored = [...outcomes].filter(([id, o]) => o === 'failed' && stored.has(id));
    const sentButMissing = [...outcomes].filter(([id, o]) => o !== 'failed' && !stored.has(id));
    expect({ failedButStored, sentButMissing }).toEqual({
      failedButStored: [],
      sentButMissing: [],
    });
  }, 180_000);
});
