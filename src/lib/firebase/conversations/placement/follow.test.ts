// @vitest-environment node
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { describeWriteFailure } from '../../../write-failure';
import { reachFollowingMoves, withReachFollowingMoves, writeFollowingMoves } from './follow';
import type { Placements } from './placements';
import type { Reach } from './reach';
import type { SlotAccess } from './slot-access';

const source = { name: 'instance 0' } as unknown as Database;
const target = { name: 'instance 1' } as unknown as Database;
const refused = () => new Error('PERMISSION_DENIED: Permission denied');

/** Placements whose `d:x` is reached on `source`, or `target` once a refusal's answer moved it. */
function reachAnswering(answers: Array<'moved' | 'same' | 'moving' | null>) {
  const where = { at: source };
  const afterRefusal = vi.fn(() => {
    const next = answers.shift() ?? null;
    if (next === 'moved') where.at = target;
    return Promise.resolve(next);
  });
  const reach = () => {
    const db = where.at;
    return { db, run: (work: (at: SlotAccess) => Promise<unknown>) => work({ db } as never) };
  };
  return { placements: { reach, afterRefusal } as unknown as Placements, afterRefusal };
}

describe('work on a conversation reached within the bound', () => {
  const dbOf = (at: SlotAccess) => (at as unknown as { db: Database }).db;

  it('goes again where the conversation went', async () => {
    const { placements } = reachAnswering(['moved']);
    const work = vi.fn((at: SlotAccess) =>
      dbOf(at) === source ? Promise.reject(refused()) : Promise.resolve('ok'),
    );
    await expect(reachFollowingMoves(placements, 'd:x', work)).resolves.toBe('ok');
    expect(work.mock.calls.map(([at]) => dbOf(at))).toEqual([source, target]);
  });

  it('goes once more where it lives once its mirror is there, then takes the refusal', async () => {
    const { placements, afterRefusal } = reachAnswering(['same', 'same']);
    const work = vi.fn(() => Promise.reject(refused()));
    await expect(reachFollowingMoves(placements, 'd:x', work)).rejects.toThrow(/PERMISSION_DENIED/);
    expect(work).toHaveBeenCalledTimes(2);
    expect(afterRefusal).toHaveBeenCalledTimes(2);
  });

  it('is not tried again when the refusal is not worth it, nor for other failures', async () => {
    const { placements, afterRefusal } = reachAnswering([null]);
    const refusedWork = vi.fn(() => Promise.reject(refused()));
    await expect(reachFollowingMoves(placements, 'd:x', refusedWork)).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    expect(refusedWork).toHaveBeenCalledTimes(1);
    const failing = vi.fn(() => Promise.reject(new Error('network')));
    await expect(reachFollowingMoves(placements, 'd:x', failing)).rejects.toThrow('network');
    expect(afterRefusal).toHaveBeenCalledTimes(1);
  });
});

describe('a write reached within the bound', () => {
  const dbOf = (at: SlotAccess) => (at as unknown as { db: Database }).db;

  it('goes again where the conversation went', async () => {
    const { placements } = reachAnswering(['moved']);
    const write = vi.fn((at: SlotAccess) =>
      dbOf(at) === source ? Promise.reject(refused()) : Promise.resolve('ok'),
    );
    await expect(writeFollowingMoves(placements, 'd:x', write)).resolves.toBe('ok');
    expect(write.mock.calls.map(([at]) => dbOf(at))).toEqual([source, target]);
  });

  it("is the rules' answer where the conversation still lives: thrown at once, not retried", async () => {
    const { placements, afterRefusal } = reachAnswering(['same', 'same']);
    const write = vi.fn(() => Promise.reject(refused()));
    await expect(writeFollowingMoves(placements, 'd:x', write)).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    expect(write).toHaveBeenCalledTimes(1);
    expect(afterRefusal).toHaveBeenCalledTimes(1);
  });

  it('fails with a message that says why when the move outlasts the wait', async () => {
    const { placements } = reachAnswering(['moving']);
    const failure = await writeFollowingMoves(placements, 'd:x', () =>
      Promise.reject(refused()),
    ).catch((error: unknown) => error);
    expect(describeWriteFailure('Could not react', failure)).toMatch(/being moved/);
  });
});

describe('work given the reach, refused while its conversation moves', () => {
  it('is done again with the reach of where the conversation went', async () => {
    const { placements } = reachAnswering(['moved']);
    const work = vi.fn((on: Reach) =>
      on.db === source ? Promise.reject(refused()) : Promise.resolve('ok'),
    );
    await expect(withReachFollowingMoves(placements, 'd:x', work)).resolves.toBe('ok');
    expect(work.mock.calls.map(([on]) => on.db)).toEqual([source, target]);
  });

  it("is the rules' answer where the conversation still lives: thrown at once, not retried", async () => {
    const { placements } = reachAnswering(['same', 'same']);
    const work = vi.fn(() => Promise.reject(refused()));
    await expect(withReachFollowingMoves(placements, 'd:x', work)).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('fails with a message that says why when the move outlasts the wait', async () => {
    const { placements } = reachAnswering(['moving']);
    const work = vi.fn(() => Promise.reject(refused()));
    const failure = await withReachFollowingMoves(placements, 'd:x', work).catch(
      (error: unknown) => error,
    );
    expect(describeWriteFailure('Could not edit the message', failure)).toBe(
      'Could not edit the message: this conversation is being moved to another server and it is taking too long; try again in a minute',
    );
  });
});
