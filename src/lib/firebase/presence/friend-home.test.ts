// @vitest-environment node
import type { Database } from 'firebase/database';
import type { SlotAccess } from '../conversations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRIEND_HOME_REFRESH_MS, followFriendHome } from './friend-home';

const directory = { name: 'directory' } as unknown as Database;
const home = { name: 'instance 2' } as unknown as Database;
/** The home as slot work sees it. */
const homeAccess = { live: home } as unknown as SlotAccess;

/** Placements where the friend lives on instance 2, pinned (connected anyway) or not. */
function placements(sharded = true) {
  let pin: ((pinned: boolean) => void) | null = null;
  const fake = {
    slotReads: 0,
    isSharded: () => Promise.resolve(sharded),
    homeOf: () => Promise.resolve(2),
    throughSlot: <T>(instance: number, work: (at: SlotAccess) => Promise<T>) => {
      expect(instance).toBe(2);
      fake.slotReads++;
      return work(homeAccess);
    },
    // As looks.ts: live while pinned, else one read now (through the slot).
    followWithinBound: (
      _instance: number,
      live: (db: Database) => () => void,
      read: (at: SlotAccess) => Promise<void>,
    ) => {
      let stopLive: (() => void) | null = null;
      pin = (pinned) => {
        if (pinned && !stopLive) stopLive = live(home);
        if (!pinned && stopLive) {
          stopLive();
          stopLive = null;
        }
      };
      void fake.throughSlot(2, read);
      return () => stopLive?.();
    },
    pin: (pinned: boolean) => pin?.(pinned),
  };
  return fake;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("a friend's record on their home, within the bound", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('away from my connections: read at once, then every minute while shown, never after', async () => {
    const fake = placements();
    const read = vi.fn(() => Promise.resolve());
    const live = vi.fn(() => () => undefined);
    const stop = followFriendHome(fake, directory, 'friend', { live, read, onError: vi.fn() });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FRIEND_HOME_REFRESH_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenLastCalledWith(homeAccess);
    stop();
    await vi.advanceTimersByTimeAsync(5 * FRIEND_HOME_REFRESH_MS);
    expect(read).toHaveBeenCalledTimes(2);
    expect(live).not.toHaveBeenCalled();
  });

  it('while a connection to the home is open anyway: live, and no reads through the slot', async () => {
    const fake = placements();
    const read = vi.fn(() => Promise.resolve());
    const unlisten = vi.fn();
    const live = vi.fn(() => unlisten);
    const stop = followFriendHome(fake, directory, 'friend', { live, read, onError: vi.fn() });
    await flush();
    fake.pin(true);
    expect(live).toHaveBeenCalledWith(home);
    const readsBefore = fake.slotReads;
    await vi.advanceTimersByTimeAsync(3 * FRIEND_HOME_REFRESH_MS);
    expect(fake.slotReads).toBe(readsBefore);
    // The open conversation closes: back to reading every minute.
    fake.pin(false);
    expect(unlisten).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FRIEND_HOME_REFRESH_MS);
    expect(fake.slotReads).toBe(readsBefore + 1);
    stop();
  });

  it('with one instance: live on the directory, no home read', async () => {
    const fake = placements(false);
    const homeOf = vi.spyOn(fake, 'homeOf');
    const live = vi.fn(() => () => undefined);
    followFriendHome(fake, directory, 'friend', { live, read: vi.fn(), onError: vi.fn() });
    await flush();
    expect(live).toHaveBeenCalledWith(directory);
    expect(homeOf).not.toHaveBeenCalled();
  });
});
