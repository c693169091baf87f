// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A write queued with `onDisconnect()` runs on the server later, with the rules
 * as they are then but without the app knowing whether it still should (a post queued while a
 * member lands after a removal's check passed). So the app queues only presence and typing
 * signals that way, never a message, inbox entry, membership or notification.
 */
const ALLOWED: Record<string, string> = {
  // `status/{uid}` goes offline when the connection drops.
  'presence/gateway.ts': 'status',
  // `typing/{conversationId}/{uid}` is removed when the connection drops.
  'inbox/typing-signals.ts': 'signal',
};

const dir = 'src/lib/firebase';
const sources = () =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

describe('onDisconnect() in the Firebase gateways', () => {
  it('is used only for presence and typing signals, on those refs alone', () => {
    const found = sources().flatMap(({ name, text }) =>
      [...text.matchAll(/onDisconnect\(\s*([A-Za-z_.]+)\s*\)/g)].map((m) => [name, m[1]]),
    );
    expect(found.length).toBeGreaterThan(0);
    for (const [name, target] of found) {
      expect(ALLOWED[name], `${name}: onDisconnect(${target})`).toBe(target);
    }
  });

  it('the typing signal it queues is the typing path', () => {
    const typing = readFileSync(join(dir, 'inbox/typing-signals.ts'), 'utf8');
    expect(typing).toMatch(/signal = typingRef\(/);
    expect(typing).toMatch(/typingRef = \([^)]*\) =>\s*ref\(db, `typing\//);
  });
});
