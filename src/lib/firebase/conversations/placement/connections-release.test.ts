import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recording } from '../../../../testing/recording-switch';
import { makeConnections, SLOT_IDLE_MS } from './connections';

// The directory in the slot (docs/scaling.md): kept until the home is known elsewhere, then
// released, opened by each use and closed once idle; a use lasting until answered keeps it.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a kept instance released into the slot', () => {
  it('closes once idle after the release, and opens again for each use', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0]);
    connections.keep(1);
    connections.release(0);
    expect(connections.openNow()).toEqual([0, 1]);
    vi.advanceTimersByTime(SLOT_IDLE_MS);
    expect(events).toEqual(['on 1', 'off 0']);
    expect(connections.openNow()).toEqual([1]);
    const end = connections.use(0);
    expect(connections.openNow()).toEqual([0, 1]);
    end();
    vi.advanceTimersByTime(SLOT_IDLE_MS - 1);
    expect(connections.openNow()).toEqual([0, 1]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['on 1', 'off 0', 'on 0', 'off 0']);
  });

  it('is not closed by idleness nor given to another instance while a use is unanswered', () => {
    const { events, sw } = recording();
    const connections = makeConnections(sw, [0, 1], { idleMs: () => 1_000 });
    connections.release(0);
    vi.advanceTimersByTime(1_000);
    const end = connections.use(0);
    vi.advanceTimersByTime(10_000);
    // Another instance takes a connection of its own meanwhile; the directory stays.
    connections.touch(2);
    expect(connections.openNow()).toEqual([0, 1, 2]);
    end();
    expect(connections.openNow()).toEqual([1, 2]);
    expect(events).toEqual(['off 0', 'on 0', 'on 2', 'off 0']);
  });

  it('gives way to held instances, and waits for room when the three are taken', () => {
    const { sw } = recording();
    const connections = makeConnections(sw, [0, 1]);
    const releaseTwo = connections.hold(2);
    const releaseThree = connections.hold(3);
    expect(connections.openNow()).toEqual([0, 1, 2]);
    // Released, the directory makes room for the held instance that waited.
    connections.release(0);
    expect(connections.openNow()).toEqual([1, 2, 3]);
    const end = connections.use(0);
    expect(connections.openNow()).toEqual([1, 2, 3]);
    releaseTwo();
    expect(connections.openNow()).toEqual([0, 1, 3]);
    end();
    vi.advanceTimersByTime(SLOT_IDLE_MS);
    expect(connections.openNow()).toEqual([1, 3]);
    releaseThree();
  });

  it('kept again when the home is the released instance after all', () => {
    const { sw } = recording();
    const connections = makeConnections(sw, [0]);
    connections.keep(1);
    connections.release(0);
    connections.keep(0);
    vi.advanceTimersByTime(10 * SLOT_IDLE_MS);
    expect(connections.openNow()).toEqual([0, 1]);
  });
});
