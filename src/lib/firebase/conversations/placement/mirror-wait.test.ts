// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mirrorPolled } from './mirror-wait';

// The mirror wait where no connection is open anyway: a read every half second, no listener.
describe('a mirror waited for by polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves true at the first read that finds it, reading every half second', async () => {
    const answers: unknown[] = [null, null, { instance: 3, state: 'live' }];
    const read = vi.fn(() => Promise.resolve(answers.shift() ?? null));
    const landed = mirrorPolled(read, 15_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(landed).resolves.toBe(true);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('resolves false once the wait is over, having read about twice a second', async () => {
    const read = vi.fn(() => Promise.resolve(null));
    const landed = mirrorPolled(read, 15_000);
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(landed).resolves.toBe(false);
    expect(read).toHaveBeenCalledTimes(31);
  });

  it('resolves false at once when a read fails (refused, unreachable)', async () => {
    const read = vi.fn(() => Promise.reject(new Error('permission_denied: Permission denied')));
    await expect(mirrorPolled(read, 15_000)).resolves.toBe(false);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
