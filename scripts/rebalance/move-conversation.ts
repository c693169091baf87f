/**
 * Moving one conversation to another instance without losing or doubling a message
 * (docs/scaling.md, "Rebalancing"): freeze, copy, flip, clean up. Every step is an admin write
 * that a re-run repeats harmlessly, and the directory's journal `moves/{kind}/{id}` (written with
 * the freeze, advanced with the copy and the flip, removed with the clean-up) says where a run
 * that died stopped: run again, the move finishes.
 *
 * Why it holds: from the freeze on, the source's rules refuse every client write of the
 * conversation (its placement is not `live`), so the copy is of records nobody changes; the
 * target refuses them too until the flip (its mirror names the source). A message is created
 * only under the id its sender's app chose, so the app's outbox sends a refused message again
 * under that id once it reads the new placement, and a message stored before the freeze whose
 * acknowledgement was lost is found on the target by the outbox's look (send-once.ts).
 */
import { mirrorWrites } from '../../functions/src/mirror';
import type { ConversationKey } from '../../src/lib/conversation-key';
import {
  DEFAULT_INSTANCE,
  parsePlacement,
  placementPath,
} from '../../src/lib/firebase/conversations/placement/shapes';
import { directoryReads, type Backends } from './backends';
import { partiesOf, recordsOf } from './records';

/** The journal of a move in progress, on the directory (no rule opens `moves`: admin only). */
interface Move {
  from: number;
  to: number;
  step: 'frozen' | 'copied' | 'flipped';
  at: number;
  flippedAt?: number;
}

export interface MoveOptions {
  /** How long the source keeps its copy after the flip (a client on old code gets a refusal). */
  graceMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface MoveReport {
  from: number;
  to: number;
  /** `moved`: done and cleaned up; `flipped`: live on the target, the source's copy kept for the grace. */
  outcome: 'already-there' | 'moved' | 'flipped';
}

/** A day: a client running old code meets a refusal, not missing data. */
export const DEFAULT_GRACE_MS = 24 * 60 * 60 * 1000;

export const journalPath = (key: ConversationKey) => {
  const path = placementPath(key);
  return `moves/${path.slice('placement/'.length)}`;
};

function parseMove(value: unknown): Move | null {
  if (typeof value !== 'object' || value === null) return null;
  const { from, to, step, at, flippedAt } = value as Record<string, unknown>;
  if (typeof from !== 'number' || typeof to !== 'number' || typeof at !== 'number') return null;
  if (step !== 'frozen' && step !== 'copied' && step !== 'flipped') return null;
  return { from, to, step, at, ...(typeof flippedAt === 'number' ? { flippedAt } : {}) };
}

/**
 * The mirrors the target's rules read for `key` (the friendship or group, the parties' profiles,
 * the pair claims), computed by the mirror module as if the conversation were placed there, with
 * `placement` as the mirrored placement. None when the target is the directory.
 */
async function targetMirrors(
  backends: Backends,
  key: ConversationKey,
  to: number,
  placement: unknown,
): Promise<Record<string, unknown>> {
  if (to === DEFAULT_INSTANCE) return {};
  const path = placementPath(key);
  const reads = directoryReads(backends.directory);
  const asIfThere = {
    ...reads,
    get: (at: string) =>
      at === path ? Promise.resolve({ instance: to, state: 'live' }) : reads.get(at),
  };
  const writes = await mirrorWrites(path, asIfThere);
  const changes = writes.reduce<Record<string, unknown>>(
    (all, w) => ({ ...all, ...w.changes }),
    {},
  );
  return { ...changes, [path]: placement };
}

const stillFrozen = (value: unknown, from: number) => {
  const placement = parsePlacement(value);
  return placement?.state === 'moving' && placement.instance === from;
};

/** Reads every path of `paths` on `db`: a root update that writes them as they are there. */
async function snapshotOf(
  db: Backends['directory'],
  paths: readonly string[],
): Promise<Record<string, unknown>> {
  const values = await Promise.all(paths.map((path) => db.get(path)));
  return Object.fromEntries(paths.map((path, i) => [path, values[i] ?? null]));
}

/**
 * Moves conversation `key` to instance `to`, or finishes a move of it that stopped. Resolves once
 * the conversation is `live` on `to` (and, with the grace passed, gone from its source).
 */
export async function moveConversation(
  backends: Backends,
  key: ConversationKey,
  to: number,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const { graceMs = DEFAULT_GRACE_MS, now = Date.now, log = () => undefined } = options;
  const { directory } = backends;
  const path = placementPath(key);
  const journal = journalPath(key);
  let move = parseMove(await directory.get(journal));
  if (move && move.to !== to) {
    throw new Error(
      `${key} is being moved to instance ${String(move.to)} already: finish that move first (--to ${String(move.to)})`,
    );
  }
  // The target must be reachable before anything is frozen.
  const target = backends.instance(to);
  if (!move) {
    const stored = await directory.get(path);
    const placement =
      stored === null ? { instance: DEFAULT_INSTANCE, state: 'live' } : parsePlacement(stored);
    if (!placement) throw new Error(`${path} holds ${JSON.stringify(stored)}, not a placement`);
    if (placement.state !== 'live')
      throw new Error(`${path} is '${placement.state}' with no move recorded at ${journal}`);
    if (placement.instance === to) return { from: to, to, outcome: 'already-there' };
    move = { from: placement.instance, to, step: 'frozen', at: now() };
    // 1. Freeze, on the directory, with the journal in the same update.
    await directory.update({
      [path]: { instance: move.from, state: 'moving', to },
      [journal]: move,
    });
    log(`${key}: frozen on instance ${String(move.from)}`);
  }
  const { from } = move;
  const source = backends.instance(from);
  const moving = { instance: from, state: 'moving', to };
  const records = recordsOf(key, await partiesOf(directory, key));

  if (move.step === 'frozen') {
    for (let attempt = 1; ; attempt++) {
      // The source's own mirror (the directory's record is the source's when it is instance
      // 0): from here on it takes no write of the conversation, so what is copied is final.
      if (from !== DEFAULT_INSTANCE) await source.update({ [path]: moving });
      // 2. Copy, with the target's mirrors naming the source: the target refuses writes too.
      const copy = await snapshotOf(source, records.moved);
      await target.update({ ...copy, ...(await targetMirrors(backends, key, to, moving)) });
      // A mirror trigger that read the placement just before the freeze may have written the
      // source's mirror back to `live` since: then it is frozen again and copied again.
      if (from === DEFAULT_INSTANCE || stillFrozen(await source.get(path), from)) break;
      if (attempt === 5)
        throw new Error(`${path} on instance ${String(from)} keeps leaving 'moving'`);
      log(`${key}: the source's mirror left 'moving', copied again`);
    }
    move = { ...move, step: 'copied' };
    await directory.update({ [journal]: move });
    log(`${key}: copied to instance ${String(to)}`);
  }

  if (move.step === 'copied') {
    // 3. Flip: the target takes writes first (no client writes there before it reads the
    // directory's placement), then the directory points there.
    const live = { instance: to, state: 'live' };
    if (to !== DEFAULT_INSTANCE) await target.update(await targetMirrors(backends, key, to, live));
    move = { ...move, step: 'flipped', flippedAt: now() };
    await directory.update({ [path]: live, [journal]: move });
    log(`${key}: live on instance ${String(to)}`);
  }

  // The source's mirror says where the conversation went: its rules refuse it there from now.
  if (from !== DEFAULT_INSTANCE) await source.update({ [path]: { instance: to, state: 'moved' } });
  if (now() - (move.flippedAt ?? move.at) < graceMs) return { from, to, outcome: 'flipped' };

  // 4. Clean up the source (the directory keeps what it holds for everyone: its own records).
  const gone = [
    ...records.moved,
    ...records.dropped,
    ...(from !== DEFAULT_INSTANCE ? records.mirrors : []),
  ];
  await source.update(Object.fromEntries(gone.map((p) => [p, null])));
  await directory.update({ [journal]: null });
  log(`${key}: cleaned up on instance ${String(from)}`);
  return { from, to, outcome: 'moved' };
}

/**
 * Every move the journal holds is taken on: one a run left (stopped, or flipped with a grace)
 * finishes, and the flipped ones whose grace has passed are cleaned up. Returns how many ended.
 */
export async function finishMoves(backends: Backends, options: MoveOptions = {}): Promise<number> {
  const moves = await backends.directory.get('moves');
  let cleaned = 0;
  for (const kind of ['direct', 'group'] as const) {
    const ofKind = (moves as Record<string, Record<string, unknown>> | null)?.[kind] ?? {};
    for (const [id, value] of Object.entries(ofKind)) {
      const move = parseMove(value);
      if (!move) continue;
      const key: ConversationKey = kind === 'group' ? `g:${id}` : `d:${id}`;
      if ((await moveConversation(backends, key, move.to, options)).outcome === 'moved') cleaned++;
    }
  }
  return cleaned;
}
