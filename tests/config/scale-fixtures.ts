/** Small graphs for the scale simulation's tests, written out by hand. */
import type { Graph } from '../../scripts/bench/scale/graph';

/** A graph from explicit friendships and groups (admin first), every weight 1. */
export function handMade(people: number, friendships: Array<[number, number]>, groups: number[][]) {
  const from = Int32Array.from(friendships.map(([a]) => a));
  const to = Int32Array.from(friendships.map(([, b]) => b));
  const rows = Array.from({ length: people }, () => [] as number[]);
  friendships.forEach(([a, b], e) => (rows[a].push(e), rows[b].push(e)));
  const offsets = Int32Array.from([0, ...rows.map((_, p) => rows.slice(0, p + 1).flat().length)]);
  const groupRows = Array.from({ length: people }, () => [] as number[]);
  groups.forEach((members, g) => members.forEach((m) => groupRows[m].push(g)));
  const count = (list: number[][], upTo: number) => list.slice(0, upTo).flat().length;
  const graph: Graph = {
    people,
    community: new Int32Array(people),
    from,
    to,
    weight: new Float32Array(from.length).fill(1),
    offsets,
    adjacency: Int32Array.from(rows.flat()),
    groupOffsets: Int32Array.from(
      groups.map((_, g) => count(groups, g)).concat(count(groups, groups.length)),
    ),
    members: Int32Array.from(groups.flat()),
    personGroupOffsets: Int32Array.from(
      groupRows.map((_, p) => count(groupRows, p)).concat(count(groupRows, people)),
    ),
    memberOf: Int32Array.from(groupRows.flat()),
  };
  return graph;
}
