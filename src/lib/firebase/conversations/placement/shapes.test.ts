import { describe, expect, it } from 'vitest';
import {
  chooseHome,
  parseHome,
  parseInstancesConfig,
  parsePlacement,
  placementWrite,
} from './shapes';

describe('where conversations live: the stored shapes', () => {
  it('reads a missing or malformed configuration as the one default instance', () => {
    const single = { count: 1, open: [0], urls: {} };
    for (const bad of [null, 'two', { count: 0 }, { count: -2 }, { count: 1.5 }]) {
      expect(parseInstancesConfig(bad)).toEqual(single);
    }
  });

  it('keeps only open instances that exist, and only URLs by instance number', () => {
    const config = parseInstancesConfig({
      count: 2,
      open: { 1: true, 0: false, 5: true, x: true },
      urls: { 1: 'https://demo-chat-i1.firebaseio.com', y: 'z', 2: 7 },
    });
    expect(config).toEqual({
      count: 2,
      open: [1],
      urls: { 1: 'https://demo-chat-i1.firebaseio.com' },
    });
    // Nothing open at all: the default takes new people rather than nobody.
    expect(parseInstancesConfig({ count: 2, open: {} }).open).toEqual([0]);
  });

  it('parses a placement and a home, refusing anything else', () => {
    expect(parsePlacement({ instance: 1, state: 'live' })).toEqual({ instance: 1, state: 'live' });
    expect(parsePlacement({ instance: 1, state: 'gone' })).toBeNull();
    expect(parsePlacement({ instance: '1', state: 'live' })).toBeNull();
    expect(parsePlacement(3)).toBeNull();
    expect(parseHome(2)).toBe(2);
    expect(parseHome(-1)).toBeNull();
    expect(parseHome('0')).toBeNull();
  });

  it("writes a placement live on the creator's home, the default for none", () => {
    expect(placementWrite('d:-Nabc', 1)).toEqual({
      'placement/direct/-Nabc': { instance: 1, state: 'live' },
    });
    expect(placementWrite('g:-Ngrp', null)).toEqual({
      'placement/group/-Ngrp': { instance: 0, state: 'live' },
    });
  });

  it('spreads new people over the open instances, the same uid always to the same one', () => {
    const config = parseInstancesConfig({ count: 3, open: { 0: true, 2: true } });
    const homes = Array.from({ length: 200 }, (_, i) => chooseHome(config, `uid-${String(i)}`));
    expect(new Set(homes)).toEqual(new Set([0, 2]));
    const onTwo = homes.filter((home) => home === 2).length;
    expect(onTwo).toBeGreaterThan(60);
    expect(onTwo).toBeLessThan(140);
    expect(chooseHome(config, 'uid-7')).toBe(chooseHome(config, 'uid-7'));
  });
});
