import { onChildAdded, ref, set } from 'firebase/database';
import { percentile, sdkClient } from './sdk-client';

export interface SteadyFigures {
  /** Write sent by one SDK client to the child_added event in another. */
  eventP50: number;
  eventP99: number;
  /** Write sent to its acknowledgement (which waits for the journal's fsync). */
  ackP50: number;
  ackP99: number;
  writes: number;
}

let runs = 0;

/** `rate` small chat-sized writes a second for `seconds`, from one SDK client to another. */
export async function steadyWrites(
  port: number,
  ns: string,
  rate: number,
  seconds: number,
): Promise<SteadyFigures> {
  runs++;
  const writer = sdkClient(port, `steady-writer-${runs}`, ns);
  const reader = sdkClient(port, `steady-reader-${runs}`, ns);
  const sentAt = new Map<string, number>();
  const events: number[] = [];
  const acks: number[] = [];
  const live = `live/run${runs}`;
  const off = onChildAdded(ref(reader.db, live), (s) => {
    const t = sentAt.get(s.key ?? '');
    if (t !== undefined) events.push(performance.now() - t);
  });
  await set(ref(writer.db, 'warm'), runs);
  const total = rate * seconds;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const key = `w${String(i).padStart(6, '0')}`;
    const t = performance.now();
    sentAt.set(key, t);
    const body = { from: 'user1', text: `steady write ${i} `.repeat(8), sentAt: Date.now() };
    pending.push(
      set(ref(writer.db, `${live}/${key}`), body).then(() => void acks.push(performance.now() - t)),
    );
  }
  await Promise.all(pending);
  const deadline = performance.now() + 10_000;
  while (events.length < total && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  off();
  await writer.close();
  await reader.close();
  events.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  return {
    eventP50: percentile(events, 50),
    eventP99: percentile(events, 99),
    ackP50: percentile(acks, 50),
    ackP99: percentile(acks, 99),
    writes: events.length,
  };
}
