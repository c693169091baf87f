import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placementStrings } from './placement-strings';
import { GIVE_UP_AFTER_MS, heldWhileOffline, InstanceUnreachable } from './rest-held';
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
    // Tried at 0, 1 and 3 s (the second wait doubled).
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(done).resolves.toBe(3);

    const refused = heldWhileOffline(online.watch)(() =>
      Promise.reject(new Error('permission_denied: no')),
    );
    await expect(refused).rejects.toThrow('permission_denied');
  });
});

describe('REST slot work while online but the instance does not answer', () => {
  const unreachable = () => Promise.reject(new Unreachable('fetch failed'));

  it('slows its tries down and gives up after a minute with a message', async () => {
    const online = onlineSwitch(true);
    const work = vi.fn(unreachable);
    const done = heldWhileOffline(online.watch)(work);
    const failed = expect(done).rejects.toThrow(placementStrings.instanceUnreachable);
    await vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS - 1_000);
    // 1, 2, 4, 8, 15, 15 s apart: 7 tries within the minute, not 60.
    expect(work).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(15_000);
    await failed;
    await expect(done).rejects.toBeInstanceOf(InstanceUnreachable);
    expect(work).toHaveBeenCalledTimes(8);
    expect(online.watchers.size).toBe(0);
  });

  it('counts no offline time: back online, the minute starts again', async () => {
    const online = onlineSwitch(true);
    let answering = false;
    const work = vi.fn(() => (answering ? Promise.resolve('stored') : unreachable()));
    const done = heldWhileOffline(online.watch)(work);
    await vi.advanceTimersByTimeAsync(40_000);
    online.set(false);
    await vi.advanceTimersByTimeAsync(120_000);
    const triesOffline = work.mock.calls.length;
    online.set(true);
    // 50 s more of failures online: 90 s in all, but only 50 s since it was back.
    await vi.advanceTimersByTimeAsync(50_000);
    expect(work.mock.calls.length).toBeGreaterThan(triesOffline);
    answering = true;
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(done).resolves.toBe('stored');
  });
});
