import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { type Database, connectDatabaseEmulator, getDatabase, goOffline } from 'firebase/database';
import { afterAll, beforeAll } from 'vitest';
import { type RunningEmulator, startEmulator } from '../src/server';

export const OPEN_RULES = '{"rules":{".read":true,".write":true}}';

let counter = 0;

export async function startTestEmulator(
  opts: { rulesText?: string; dataFile?: string } = {},
): Promise<RunningEmulator> {
  return startEmulator({
    port: 0,
    rulesText: opts.rulesText ?? OPEN_RULES,
    dataFile: opts.dataFile,
  });
}

export interface TestClient {
  app: FirebaseApp;
  db: Database;
  ns: string;
  close(): Promise<void>;
}

/** A fresh SDK app on its own (or a given) namespace, connected to the emulator. */
export function connectClient(
  emu: RunningEmulator,
  ns?: string,
  opts: { mockUserToken?: Record<string, unknown> & { sub?: string; user_id?: string } } = {},
): TestClient {
  counter++;
  const namespace = ns ?? `test-${process.pid}-${counter}-${Date.now().toString(36)}`;
  const app = initializeApp(
    { projectId: 'demo-emu', databaseURL: `https://${namespace}.firebaseio.com` },
    `app-${counter}-${Math.random().toString(36).slice(2)}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(
    db,
    emu.host,
    emu.port,
    opts.mockUserToken ? { mockUserToken: opts.mockUserToken as { sub: string } } : {},
  );
  return {
    app,
    db,
    ns: namespace,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

/**
 * One emulator for the calling test file, started before its tests; every SDK client that
 * `client()` connects to it is closed after them, then the emulator. Call at the top level.
 */
export function emulatorForFile(opts: { rulesText?: string } = {}) {
  let started: RunningEmulator | undefined;
  const clients: TestClient[] = [];
  const emu = (): RunningEmulator => {
    if (!started) throw new Error('The emulator is used before it started');
    return started;
  };
  beforeAll(async () => {
    started = await startTestEmulator(opts);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await emu().close();
  });
  return {
    emu,
    /** A client on its own (or the given) namespace, closed after the file's tests. */
    client: (ns?: string): TestClient => {
      const c = connectClient(emu(), ns);
      clients.push(c);
      return c;
    },
  };
}

export function waitFor<T>(fn: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      const v = fn();
      if (v !== undefined) resolve(v);
      else if (Date.now() - started > timeoutMs) reject(new Error('waitFor timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

export async function rest(
  emu: RunningEmulator,
  method: string,
  path: string,
  opts: { ns: string; body?: unknown; token?: string | null; query?: string; rawBody?: string },
): Promise<{ status: number; body: unknown }> {
  const q = `ns=${encodeURIComponent(opts.ns)}${opts.query ? `&${opts.query}` : ''}`;
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? 'owner' : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`http://${emu.host}:${emu.port}${path}?${q}`, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // keep raw text
  }
  return { status: res.status, body };
}
