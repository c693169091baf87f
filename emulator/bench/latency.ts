import { onValue, ref, set } from 'firebase/database';
import { percentile, sdkClient } from './sdk-client';

/** Write by one SDK client to the onValue event in another, one write at a time. */
export async function latency(
  port: number,
  samples: number,
): Promise<{ p50: number; p99: number }> {
  const writer = sdkClient(port, 'latency-writer');
  const reader = sdkClient(port, 'latency-reader');
  let resolveNext: ((t: number) => void) | null = null;
  let expected = -1;
  const off = onValue(ref(reader.db, 'latency/v'), (s) => {
    if (s.val() === expected && resolveNext) resolveNext(performance.now());
  });
  await set(ref(writer.db, 'latency/v'), -2);
  const times: number[] = [];
  for (let i = 0; i < samples + 20; i++) {
    expected = i;
    const arrived = new Promise<number>((resolve) => (resolveNext = resolve));
    const start = performance.now();
    void set(ref(writer.db, 'latency/v'), i);
    const end = await arrived;
    if (i >= 20) times.push(end - start); // the first writes warm up the JIT
  }
  off();
  await writer.close();
  await reader.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}
