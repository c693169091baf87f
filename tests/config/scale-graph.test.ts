// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultGraph, degreeOf, generateGraph } from '../../scripts/bench/scale/graph';
import { powerLaw, seededRandom } from '../../scripts/bench/scale/prng';

const small = { ...defaultGraph, people: 20_000 };

describe('the scale simulation graph', () => {
  it('repeats for a seed and changes with it', () => {
    const a = generateGraph(small, seededRandom(7));
    const b = generateGraph(small, seededRandom(7));
    const c = generateGraph(small, seededRandom(8));
    expect(b.from).toEqual(a.from);
    expect(b.members).toEqual(a.members);
    expect(c.from.length).not.toBe(a.from.length);
  });

  it('draws a power law within its bounds with the asked exponent', () => {
    const random = seededRandom(1);
    const samples = Array.from({ length: 50_000 }, () => powerLaw(random, 3, 5000, 2.3));
    expect(Math.min(...samples)).toBe(3);
    expect(Math.max(...samples)).toBeLessThanOrEqual(5000);
    // Hill's estimator of the exponent over the continuous part of the tail (x ≥ 10).
    const tail = samples.filter((x) => x >= 10);
    const hill = 1 + tail.length / tail.reduce((s, x) => s + Math.log((x + 0.5) / 9.5), 0);
    expect(hill).toBeGreaterThan(2.1);
    expect(hill).toBeLessThan(2.5);
  });

  it('gives friend counts a heavy tail: most people a handful, a few thousands', () => {
    const graph = generateGraph(small, seededRandom(3));
    const degrees = Array.from({ length: graph.people }, (_, p) => degreeOf(graph, p));
    degrees.sort((x, y) => x - y);
    const mean = degrees.reduce((s, d) => s + d, 0) / degrees.length;
    const median = degrees[degrees.length >> 1];
    expect(mean).toBeGreaterThan(8);
    expect(mean).toBeLessThan(15);
    expect(degrees.at(-1)).toBeGreaterThan(100 * median);
    // The share with at least k friends falls as a power of k (a straight line on log axes).
    const atLeast = (k: number) => degrees.filter((d) => d >= k).length / degrees.length;
    const slope = Math.log(atLeast(160) / atLeast(20)) / Math.log(8);
    expect(slope).toBeGreaterThan(-2);
    expect(slope).toBeLessThan(-1);
  });

  it('keeps most friendships inside communities, and none with oneself', () => {
    const graph = generateGraph(small, seededRandom(4));
    let local = 0;
    let self = 0;
    for (let e = 0; e < graph.from.length; e++) {
      if (graph.from[e] === graph.to[e]) self++;
      if (graph.community[graph.from[e]] === graph.community[graph.to[e]]) local++;
    }
    expect(self).toBe(0);
    expect(local / graph.from.length).toBeGreaterThan(0.6);
  });

  it('lists each friendship under both people', () => {
    const graph = generateGraph({ ...small, people: 2000 }, seededRandom(5));
    const misplaced: number[] = [];
    for (let p = 0; p < graph.people; p++) {
      for (let i = graph.offsets[p]; i < graph.offsets[p + 1]; i++) {
        const e = graph.adjacency[i];
        if (graph.from[e] !== p && graph.to[e] !== p) misplaced.push(e);
      }
    }
    expect(misplaced).toEqual([]);
    expect(graph.adjacency.length).toBe(2 * graph.from.length);
  });

  it('makes groups of 3 to 200 distinct people, each listed under its members', () => {
    const graph = generateGraph(small, seededRandom(6));
    const groups = graph.groupOffsets.length - 1;
    expect(groups).toBe(2000);
    let largest = 0;
    for (let g = 0; g < groups; g++) {
      const members = graph.members.subarray(graph.groupOffsets[g], graph.groupOffsets[g + 1]);
      expect(members.length).toBeLessThanOrEqual(200);
      expect(new Set(members).size).toBe(members.length);
      largest = Math.max(largest, members.length);
      for (const m of members) {
        const mine = graph.memberOf.subarray(
          graph.personGroupOffsets[m],
          graph.personGroupOffsets[m + 1],
        );
        expect(mine).toContain(g);
      }
    }
    expect(largest).toBeGreaterThan(100);
    expect(graph.memberOf.length).toBe(graph.members.length);
  });
});
