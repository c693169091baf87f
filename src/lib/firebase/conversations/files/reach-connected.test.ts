// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { followReachable } from './reach-connected';

/** A source told by hand, counting its listeners. */
function source(first: boolean) {
  const listeners = new Set<(value: boolean) => void>();
  const state = { value: first };
  return {
    follow: (onChange: (value: boolean) => void) => {
      listeners.add(onChange);
      onChange(state.value);
      return () => listeners.delete(onChange);
    },
    set: (value: boolean) => {
      state.value = value;
      for (const listener of [...listeners]) listener(value);
    },
    listeners: () => listeners.size,
  };
}

function setUp(pinnedAtFirst: boolean, ownAtFirst: boolean, onlineAtFirst: boolean) {
  const pinned = source(pinnedAtFirst);
  const own = source(ownAtFirst);
  const online = source(onlineAtFirst);
  const told: boolean[] = [];
  const stop = followReachable(pinned.follow, own.follow, online.follow, (now) => told.push(now));
  return { pinned, own, online, told, stop };
}

describe('whether an instance reached within the bound can be worked on', () => {
  it("follows the app's online while no connection to it is open, never its own", () => {
    const { own, online, told } = setUp(false, true, true);
    expect(told).toEqual([true]);
    expect(own.listeners()).toBe(0);
    own.set(false);
    online.set(false);
    online.set(true);
    expect(told).toEqual([true, false, true]);
  });

  it('follows its own connection while it is open anyway: its drop alone is a cut', () => {
    const { own, online, told } = setUp(true, true, true);
    expect(online.listeners()).toBe(0);
    own.set(false);
    online.set(true);
    own.set(true);
    expect(told).toEqual([true, false, true]);
  });

  it('takes a connection just opened as no drop, and goes back to online once it is let go', () => {
    const { pinned, own, online, told } = setUp(false, false, true);
    pinned.set(true);
    // Its socket is not up yet: still reachable as before, not cut.
    expect(told).toEqual([true]);
    expect(online.listeners()).toBe(0);
    own.set(true);
    own.set(false);
    expect(told).toEqual([true, false]);
    pinned.set(false);
    expect(own.listeners()).toBe(0);
    expect(told).toEqual([true, false, true]);
  });

  it('stops listening to both once stopped', () => {
    const { pinned, own, online, stop } = setUp(true, true, true);
    stop();
    pinned.set(false);
    expect([own.listeners(), online.listeners(), pinned.listeners()]).toEqual([0, 0, 0]);
  });
});
