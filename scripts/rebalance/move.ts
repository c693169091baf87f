/**
 * Moves one conversation to another instance (docs/scaling.md, "Rebalancing"), or finishes the
 * moves a run left:
 *
 *   npx tsx scripts/rebalance/move.ts --conversation d:ID --to 1   (g:ID for a group)
 *   npx tsx scripts/rebalance/move.ts --finish                     every move the journal holds
 *   npx tsx scripts/rebalance/move.ts --spread                     migration 008's spread again
 *
 * `--grace-ms N`: how long the source keeps its copy after the flip (default a day; `--finish`
 * later cleans it up). The local emulator by default (DB_PORT, FIREBASE_PROJECT_ID as for
 * `npm start`); `--url` and FIREBASE_ACCESS_TOKEN for a real directory, as `npm run migrate`.
 */
import { parseArgs } from 'node:util';
import { migrate as spread } from '../migrations/008-spread-instances';
import { restDb } from '../migrations/database';
import { backendsOf } from './backends';
import { DEFAULT_GRACE_MS, finishMoves, moveConversation } from './move-conversation';

const usage =
  'Usage: npx tsx scripts/rebalance/move.ts --conversation d:ID|g:ID --to N [--grace-ms MS] [--url URL]\n' +
  '       npx tsx scripts/rebalance/move.ts --finish [--grace-ms MS] [--url URL]\n' +
  '       npx tsx scripts/rebalance/move.ts --spread [--url URL]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        conversation: { type: 'string' },
        to: { type: 'string' },
        finish: { type: 'boolean', default: false },
        spread: { type: 'boolean', default: false },
        'grace-ms': { type: 'string' },
        url: { type: 'string' },
        namespace: { type: 'string' },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

const wholeNumber = (text: string | undefined, what: string, fallback?: number): number => {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(value))
    return fail(`${what} must be a whole number from 0, not ${JSON.stringify(text ?? '')}`);
  return value;
};

const graceMs = wholeNumber(values['grace-ms'], '--grace-ms', DEFAULT_GRACE_MS);
const key = values.conversation;
const whole = values.finish || values.spread;
if (!whole && (key === undefined || !/^[dg]:[^/.#$[\]]+$/.test(key)))
  fail(
    `--conversation must be d:{conversationId} or g:{groupId}, not ${JSON.stringify(key ?? '')}`,
  );
const to = whole ? 0 : wholeNumber(values.to, '--to');

const local = values.url === undefined;
const token = local ? 'owner' : process.env.FIREBASE_ACCESS_TOKEN;
if (!token)
  fail('Set FIREBASE_ACCESS_TOKEN to a service account access token (docs/migrations.md).');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-chat';
const directory = restDb({
  url: values.url ?? `http://127.0.0.1:${process.env.DB_PORT ?? '9000'}`,
  accessToken: token,
  namespace: values.namespace ?? (local ? `${projectId}-default-rtdb` : undefined),
});

try {
  const backends = await backendsOf(directory);
  const log = (line: string) => console.log(line);
  if (values.spread) {
    // Migration 008 ran once, maybe while one instance was configured: the same spread, again.
    console.log(`${String(await spread(directory, log))} home(s) and conversation(s) changed.`);
  } else if (values.finish) {
    console.log(`${String(await finishMoves(backends, { graceMs, log }))} move(s) finished.`);
  } else {
    const report = await moveConversation(backends, key as `d:${string}`, to, { graceMs, log });
    console.log(
      report.outcome === 'already-there'
        ? `${String(key)} is on instance ${String(to)} already: nothing to do.`
        : report.outcome === 'moved'
          ? `${String(key)} moved from instance ${String(report.from)} to ${String(to)}.`
          : `${String(key)} is live on instance ${String(to)}; instance ${String(report.from)} keeps its copy for the grace (--finish later).`,
    );
  }
} catch (error) {
  console.error(`Move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
