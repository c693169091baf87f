/**
 * Steady SDK writes for the soak's crash steps: a Firebase JS SDK client (with the emulators'
 * admin token `owner`, so the app's rules do not matter) keeps `inFlight` writes going until told to stop,
 * and remembers which ones the database acknowledged.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, ref, set } from 'firebase/database';

export interface SteadyWriter {
  /** Indexes of the writes the database acknowledged, in the order the acks came. */
  acked: number[];
  /** Stops counting acks (call right before the kill: later acks cannot have happened). */
  freeze(): { acked: number; started: number };
  close(): Promise<void>;
}

let apps = 0;

export function steadyWriter(
  dbHost: string,
  ns: string,
  path: string,
  inFlight = 20,
): SteadyWriter {
  const [host, port] = dbHost.split(':');
  const app = initializeApp(
    { projectId: 'demo-soak', databaseURL: `https://${ns}.firebaseio.com` },
    `soak-writer-${++apps}`,
  );
  const db = getDatabase(app);
  connectDatabaseEmulator(db, host, Number(port), { mockUserToken: 'owner' });
  const acked: number[] = [];
  let frozen = false;
  let next = 0;
  const loop = async (): Promise<void> => {
    while (!frozen) {
      const i = next++;
      // A chat message's size; failures (the connection dropping at the kill) are not acks.
      await set(ref(db, `${path}/w${i}`), { i, text: `soak write ${i} `.padEnd(200, '.') }).then(
        () => {
          if (!frozen) acked.push(i);
        },
        () => new Promise((r) => setTimeout(r, 100)),
      );
    }
  };
  for (let k = 0; k < inFlight; k++) void loop();
  return {
    acked,
    freeze: () => {
      frozen = true;
      return { acked: acked.length, started: next };
    },
    close: async () => {
      frozen = true;
      goOffline(db);
      await deleteApp(app);
    },
  };
}

/** Waits until `writer` has `count` acks (or fails after `timeoutMs`). */
export async function waitForAcks(
  writer: SteadyWriter,
  count: number,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (writer.acked.length < count) {
    if (Date.now() > until)
      throw new Error(`only ${writer.acked.length} of ${count} writes acknowledged in time`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Acknowledged writes missing from (or different in) `found`, the path's value read back. */
export function missingWrites(acked: number[], found: unknown): number[] {
  const values = (found ?? {}) as Partial<Record<string, { i?: number }>>;
  return acked.filter((i) => values[`w${i}`]?.i !== i);
}
