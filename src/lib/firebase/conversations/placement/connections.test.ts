import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recording } from '../../../../testing/recording-switch';
import { makeConnections, SLOT_IDLE_MS } from './connections';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('at most three connections: home, the open conversation, one slot', () => {
  it('closes the slot 30 s after its last use, not before, and reopens it on the next', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    connections.touch(2);
    vi.advanceTimersByTime(SLOT_IDLE_MS - 1);
    connections.touch(2);
    vi.advanceTimersByTime(SLOT_IDLE_MS - 1);
    expect(events).toEqual(['on 2']);
    expect(connections.openNow()).toEqual([0, 2]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['on 2', 'off 2']);
    expect(connections.openNow()).toEqual([0]);
    connections.touch(2);
    expect(events).toEqual(['on 2', 'off 2', 'on 2']);
  });

  it('gives the slot to the next instance at once, closing the one before', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    connections.touch(1);
    connections.touch(2);
    expect(events).toEqual(['on 1', 'on 2', 'off 1']);
    expect(connections.openNow()).toEqual([0, 2]);
  });

  it('never closes a kept instance (the home, the directory) nor a held one', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0], { max: 4 });
    connections.keep(3);
    const release = connections.hold(1);
    connections.touch(0);
    connections.touch(3);
    connections.touch(2);
    connections.touch(4);
    vi.advanceTimersByTime(10 * SLOT_IDLE_MS);
    expect(events).toEqual(['on 3', 'on 1', 'on 2', 'off 2', 'on 4', 'off 4']);
    expect(connections.openNow()).toEqual([0, 1, 3]);
    release();
    // Released with the slot free: it becomes the slot, closed 30 s later.
    vi.advanceTimersByTime(SLOT_IDLE_MS);
    expect(events.slice(-1)).toEqual(['off 1']);
    expect(connections.openNow()).toEqual([0, 3]);
  });

  it('closes a released instance at once when the slot is taken', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    const release = connections.hold(1);
    connections.touch(2);
    release();
    release();
    expect(events).toEqual(['on 1', 'on 2', 'off 1']);
    expect(connections.openNow()).toEqual([0, 2]);
  });

  it('runs slot work one instance after another, and a look’s listener stops with the slot', async () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    const order: string[] = [];
    const stopped = vi.fn();
    let finishFirst: () => void = () => undefined;
    const first = connections.useSlot(1, async () => {
      order.push('start 1');
      connections.whenClosed(1, stopped);
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('end 1');
    });
    const second = connections.useSlot(2, () => {
      order.push('start 2');
      return Promise.resolve('two');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start 1']);
    // Busy work keeps its instance past the idle time.
    await vi.advanceTimersByTimeAsync(2 * SLOT_IDLE_MS);
    expect(events).toEqual(['on 1']);
    finishFirst();
    await first;
    expect(await second).toBe('two');
    expect(order).toEqual(['start 1', 'end 1', 'start 2']);
    expect(events).toEqual(['on 1', 'on 2', 'off 1']);
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('goes on with the next slot work after one fails', async () => {
    const { sw } = recording();
    const connections = makeConnections(sw, [0]);
    await expect(
      connections.useSlot(1, () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    await expect(connections.useSlot(2, () => Promise.resolve(2))).resolves.toBe(2);
  });

  it('tells who follows an instance when it is pinned (kept or held) and when no longer', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    const seen: string[] = [];
    connections.watchPinned(1, (pinned) => seen.push(`1 ${String(pinned)}`));
    connections.watchPinned(0, (pinned) => seen.push(`0 ${String(pinned)}`));
    connections.touch(1);
    const release = connections.hold(1);
    const second = connections.hold(1);
    release();
    // Told before the connection closes: a listener without a hold of its own stops first.
    connections.touch(2);
    second();
    expect(seen).toEqual(['1 false', '0 true', '1 true', '1 false']);
    expect(events).toEqual(['on 1', 'on 2', 'off 1']);
  });
});
