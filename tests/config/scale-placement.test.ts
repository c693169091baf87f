// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultGraph, generateGraph } from '../../scripts/bench/scale/graph';
import { buildModel } from '../../scripts/bench/scale/model';
import {
  balancedGroups,
  creator,
  graphAware,
  hashed,
  pluralityHome,
  streamingHomes,
} from '../../scripts/bench/scale/placement';
import { seededRandom } from '../../scripts/bench/scale/prng';
import { handMade } from './scale-fixtures';

/** Two circles of twenty friends each, joined by a single friendship. */
function twoCircles() {
  const friendships: Array<[number, number]> = [];
  for (const base of [0, 20]) {
    for (let i = 0; i < 20; i++) {
      for (let j = i + 1; j < 20; j++) friendships.push([base + i, base + j]);
    }
  }
  friendships.push([0, 20]);
  return handMade(40, friendships, [[0, 1, 2]]);
}

describe('placements', () => {
  it('hashes homes and conversations evenly over the instances', () => {
    const graph = generateGraph({ ...defaultGraph, people: 20_000 }, seededRandom(2));
    const model = buildModel(graph, 0.1);
    const homes = hashed.homes(model, 8, 1);
    const perInstance = new Array<number>(8).fill(0);
    for (const h of homes) perInstance[h]++;
    for (const count of perInstance) expect(Math.abs(count - 2500)).toBeLessThan(250);
    const conversations = new Array<number>(8).fill(0);
    for (let e = 0; e < graph.from.length; e++) conversations[hashed.direct(graph, e, homes, 8)]++;
    for (const count of conversations) expect(count / graph.from.length).toBeCloseTo(1 / 8, 1);
  });

  it("puts a conversation on its creator's home and a group on its admin's", () => {
    const graph = handMade(4, [[2, 3]], [[1, 0, 3]]);
    const homes = Int32Array.from([0, 1, 2, 3]);
    expect(creator.direct(graph, 0, homes, 4)).toBe(2);
    expect(creator.groups(buildModel(graph, 0.1), homes, 4)).toEqual(Int32Array.from([1]));
  });

  it('puts a group where most members live, on a tie where its admin lives', () => {
    const graph = handMade(
      6,
      [],
      [
        [0, 1, 2, 3],
        [4, 5],
      ],
    );
    expect(pluralityHome(graph, 0, Int32Array.from([0, 1, 1, 2, 0, 0]), 3)).toBe(1);
    expect(pluralityHome(graph, 1, Int32Array.from([0, 0, 0, 0, 2, 1]), 3)).toBe(2);
  });

  it('spreads busy groups over the homes that hold enough of their members', () => {
    // People 0-5 live on instance 0, 6-9 on instance 1. Groups A and B have four members on 0
    // and two on 1 (two is half of four: either home will do); group C lives on 0 only.
    const graph = handMade(
      10,
      [],
      [
        [0, 1, 2, 3, 6, 7],
        [2, 3, 4, 5, 8, 9],
        [0, 1, 4],
      ],
    );
    const homes = Int32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    const model = buildModel(graph, 0.5);
    const placed = balancedGroups(model, homes, 2);
    expect(new Set([placed[0], placed[1]])).toEqual(new Set([0, 1]));
    expect(placed[2]).toBe(0);
    // Plurality alone would pile both busy groups on instance 0.
    expect(pluralityHome(graph, 0, homes, 2)).toBe(0);
    expect(pluralityHome(graph, 1, homes, 2)).toBe(0);
  });

  it('gives each circle of friends one home on two instances', () => {
    const graph = twoCircles();
    const homes = streamingHomes(buildModel(graph, 0.1), 2, 1);
    const cross = graph.from.filter((a, e) => homes[a] !== homes[graph.to[e]]).length;
    expect(cross).toBe(1);
    expect(homes.filter((h) => h === 0).length).toBe(20);
  });

  it('keeps far more friends on one home than hashing, with balanced instances', () => {
    const graph = generateGraph({ ...defaultGraph, people: 20_000 }, seededRandom(3));
    const model = buildModel(graph, 0.1);
    const crossShare = (homes: Int32Array) =>
      graph.from.filter((a, e) => homes[a] !== homes[graph.to[e]]).length / graph.from.length;
    const byGraph = graphAware.homes(model, 8, 1);
    const byHash = hashed.homes(model, 8, 1);
    expect(crossShare(byHash)).toBeGreaterThan(0.8);
    expect(crossShare(byGraph)).toBeLessThan(0.6 * crossShare(byHash));
    const perInstance = new Array<number>(8).fill(0);
    for (const h of byGraph) perInstance[h]++;
    // Capacity is shared between people and their writes, with 5% slack: no instance runs away.
    for (const count of perInstance) expect(count).toBeLessThan(1.5 * 2500);
  });
});
