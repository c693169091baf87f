// @vitest-environment node
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { describeWriteFailure } from '../../../write-failure';
import { writeFollowingMoves } from './follow';
import type { Placements } from './placements';

const source = { name: 'instance 0' } as unknown as Database;
const target = { name: 'instance 1' } as unknown as Database;
const refused = () => new Error('PERMISSION_DENIED: Permission denied');

/** Placements whose `d:x` is on `source` until a refusal's answer is `next` (then `target`). */
function placementsAnswering(next: 'moved' | 'same' | 'moving' | null) {
  const where = { at: source };
  const afterRefusal = vi.fn(() => {
    if (next === 'moved') where.at = target;
    return Promise.resolve(next);
  });
  return { whereIs: () => where.at, afterRefusal } as unknown as Placements;
}

describe('a write refused while its conversation moves', () => {
  it('is written again where the conversation went', async () => {
    const write = vi.fn((on: Database) =>
      on === source ? Promise.reject(refused()) : Promise.resolve('ok'),
    );
    await expect(writeFollowingMoves(placementsAnswering('moved'), 'd:x', write)).resolves.toBe(
      'ok',
    );
    expect(write.mock.calls.map(([on]) => on)).toEqual([source, target]);
  });

  it("is the rules' answer where the conversation still lives: thrown at once, not retried", async () => {
    const write = vi.fn(() => Promise.reject(refused()));
    await expect(writeFollowingMoves(placementsAnswering('same'), 'd:x', write)).rejects.toThrow(
      /PERMISSION_DENIED/,
    );
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('fails with a message that says why when the move outlasts the wait', async () => {
    const write = vi.fn(() => Promise.reject(refused()));
    const failure = await writeFollowingMoves(placementsAnswering('moving'), 'd:x', write).catch(
      (error: unknown) => error,
    );
    expect(describeWriteFailure('Could not edit the message', failure)).toBe(
      'Could not edit the message: this conversation is being moved to another server and it is taking too long; try again in a minute',
    );
  });
});
