// @vitest-environment node
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { makeReach } from './reach';
import type { SlotAccess } from './slot-access';

const db3 = { name: 'instance 3' } as unknown as Database;
const viaSlot = { live: null } as unknown as SlotAccess;

/** Instance 3 as the connections see it: pinned (open anyway) or not, told to its watchers. */
function reachOn3(pinnedAtFirst: boolean) {
  const watchers = new Set<(pinned: boolean) => void>();
  const state = { pinned: pinnedAtFirst };
  const throughSlot = vi.fn((_: number, work: (at: SlotAccess) => Promise<unknown>) =>
    work(viaSlot),
  );
  const { reach } = makeReach({
    knownInstanceOf: () => 3,
    instanceOf: () => Promise.resolve(3),
    madeFor: () => db3,
    databaseFor: () => Promise.resolve(db3),
    watchPinned: (_, onChange) => {
      watchers.add(onChange);
      onChange(state.pinned);
      return () => watchers.delete(onChange);
    },
    throughSlot: throughSlot as never,
  });
  const pin = (pinned: boolean) => {
    state.pinned = pinned;
    for (const watcher of watchers) watcher(pinned);
  };
  return { reach, throughSlot, pin };
}

describe('reaching a conversation within the three connections', () => {
  it('runs at once over the connection open anyway, so the SDK keeps the writes in order', () => {
    const { reach, throughSlot } = reachOn3(true);
    const on = reach('d:x');
    if (on instanceof Promise) throw new Error('known: reached at once');
    const work = vi.fn((at: SlotAccess) => Promise.resolve(at.live));
    void on.run(work);
    // Called in this turn, before any await: a second send's write queues after this one.
    expect(work).toHaveBeenCalledTimes(1);
    expect(work.mock.calls[0]?.[0].live).toBe(db3);
    expect(throughSlot).not.toHaveBeenCalled();
  });

  it('goes through the slot (its socket or REST) when no connection is open anyway', async () => {
    const { reach, throughSlot, pin } = reachOn3(true);
    const on = await reach('d:x');
    // The open conversation closed between the reach and the run: asked at the run.
    pin(false);
    const work = vi.fn((at: SlotAccess) => Promise.resolve(at));
    await expect(on.run(work)).resolves.toBe(viaSlot);
    expect(throughSlot).toHaveBeenCalledWith(3, work);
    expect(on.db).toBe(db3);
  });
});
