import { randomInt } from 'node:crypto';

const CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = 0;
let lastRandom: number[] = [];

/** Chronologically sortable 20-character ids, as the SDK's push() makes (for REST POST). */
export function pushId(now: number): string {
  let time = now;
  let id = '';
  for (let i = 0; i < 8; i++) {
    id = (CHARS[time % 64] ?? '-') + id;
    time = Math.floor(time / 64);
  }
  if (now === lastTime) {
    // Same millisecond: increment the random part so ids still sort in creation order.
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) {
      lastRandom[i] = 0;
      i--;
    }
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  } else {
    lastTime = now;
    lastRandom = Array.from({ length: 12 }, () => randomInt(64));
  }
  for (const r of lastRandom) id += CHARS[r] ?? '-';
  return id;
}
