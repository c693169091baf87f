import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldWhileOffline } from './rest-held';
import { Unreachable } from './slot-access';

// REST slot work held while offline (docs/scaling.md, "Bounded connections"), with a fake
// online switch and fake timers.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app's online state, told to its watchers now and at each change. */
function onlineSwitch(online: boolean) {
  const watchers = new Set<(online: boolean) => void>();
  return {
    watch: (onChange: (online: boolean) => void) => {
      watchers.add(onChange);
      onChange(online);
      return () => watchers.delete(onChange);
    },
    set: (now: boolean) => {
      online = now;
      for (const watcher of [...watchers]) watcher(now);
    },
    watchers,
  };
}

describe('REST slot work held while offline', () => {
  it('waits for online, then runs once, and stops watching', async () => {
    const online = onlineSwitch(false);
    const work = vi.fn(() => Promise.resolve('stored'));
    const done = heldWhileOffline(online.watch)(work);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(work).not.toHaveBeenCalled();
    online.set(true);
    await expect(done).resolves.toBe('stored');
    expect(work).toHaveBeenCalledTimes(1);
    expect(online.watchers.size).toBe(0);
  });

  it('sends again once online after the network cut a request, not after a refusal', async () => {
    const online = onlineSwitch(true);
    let tries = 0;
    const cut = () => {
      tries++;
      return tries < 3 ? Promise.reject(new Unreachable('fetch failed')) : Promise.resolve(tries);
    };
    const done = heldWhileOffline(online.watch)(cut);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(done).resolves.toBe(3);

    const refused = heldWhileOffline(online.watch)(() =>
      Promise.reject(new Error('permission_denied: no')),
    );
    await expect(refused).rejects.toThrow('permission_denied');
  });
});
