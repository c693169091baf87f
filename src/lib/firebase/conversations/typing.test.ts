// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TYPING_WRITE_INTERVAL_MS, TypingThrottle } from './typing';

function throttleAt(start = 10_000) {
  const clock = { now: start };
  return { clock, throttle: new TypingThrottle(TYPING_WRITE_INTERVAL_MS, () => clock.now) };
}

describe('TypingThrottle', () => {
  it('writes the first signal, then at most one every 2 s while typing goes on', () => {
    const { clock, throttle } = throttleAt();
    const written: number[] = [];
    // A keystroke every 100 ms for 5 s.
    for (let t = 0; t <= 5000; t += 100) {
      clock.now = 10_000 + t;
      if (throttle.shouldWrite('rel')) written.push(t);
    }
    expect(written).toEqual([0, 2000, 4000]);
  });

  it('keeps each conversation apart', () => {
    const { throttle } = throttleAt();
    expect(throttle.shouldWrite('a')).toBe(true);
    expect(throttle.shouldWrite('b')).toBe(true);
    expect(throttle.shouldWrite('a')).toBe(false);
  });

  it('writes again at once after a stop, and a stop says whether there was a write', () => {
    const { clock, throttle } = throttleAt();
    expect(throttle.stop('rel')).toBe(false);
    expect(throttle.shouldWrite('rel')).toBe(true);
    clock.now += 500;
    expect(throttle.stop('rel')).toBe(true);
    expect(throttle.shouldWrite('rel')).toBe(true);
    expect(throttle.shouldWrite('rel')).toBe(false);
  });
});
