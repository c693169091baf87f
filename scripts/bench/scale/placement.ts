/**
 * Where people's home instances and conversations go, for N instances. Three placements:
 * hashed (homes and conversations by a hash of their id), creator (homes hashed, a conversation
 * on its creator's home: the rules can check it, the creator's home is in the directory) and
 * graph (homes chosen along the friend graph so friends share one, a 1:1 conversation on its
 * creator's home, a group on the home most of its members share).
 */
import { writesPer } from './activity';
import type { Graph } from './graph';
import type { Model } from './model';
import { hash32, seededRandom } from './prng';

export interface Placement {
  name: string;
  homes(model: Model, instances: number, seed: number): Int32Array;
  direct(graph: Graph, edge: number, homes: Int32Array, instances: number): number;
  /** Every group's instance, given the homes. */
  groups(model: Model, homes: Int32Array, instances: number): Int32Array;
}

/** Groups placed one by one, each by a rule of its own. */
const eachGroup =
  (place: (graph: Graph, group: number, homes: Int32Array, instances: number) => number) =>
  (model: Model, homes: Int32Array, instances: number) =>
    Int32Array.from({ length: model.graph.groupOffsets.length - 1 }, (_, g) =>
      place(model.graph, g, homes, instances),
    );

export function hashedHomes(people: number, instances: number): Int32Array {
  const homes = new Int32Array(people);
  for (let p = 0; p < people; p++) homes[p] = hash32(p) % instances;
  return homes;
}

const adminOf = (graph: Graph, group: number) => graph.members[graph.groupOffsets[group]];

export const hashed: Placement = {
  name: 'hashed id',
  homes: (model, instances) => hashedHomes(model.graph.people, instances),
  direct: (_graph, edge, _homes, instances) => hash32(edge ^ 0x5bd1e995) % instances,
  groups: eachGroup((_graph, group, _homes, instances) => hash32(group ^ 0x27d4eb2f) % instances),
};

export const creator: Placement = {
  name: "creator's home",
  homes: (model, instances) => hashedHomes(model.graph.people, instances),
  direct: (graph, edge, homes) => homes[graph.from[edge]],
  groups: eachGroup((graph, group, homes) => homes[adminOf(graph, group)]),
};

/** The home most members share (the admin's on a tie): fewest members need a hint. */
export function pluralityHome(graph: Graph, group: number, homes: Int32Array, instances: number) {
  const counts = new Int32Array(instances);
  const admin = homes[adminOf(graph, group)];
  let best = admin;
  for (let i = graph.groupOffsets[group]; i < graph.groupOffsets[group + 1]; i++) {
    const h = homes[graph.members[i]];
    counts[h]++;
    if (counts[h] > counts[best]) best = h;
  }
  return best;
}

/** People in breadth-first order from random starts, so friends come near each other. */
function friendOrder(model: Model, seed: number): Int32Array {
  const { graph, other } = model;
  const random = seededRandom(seed);
  const order = new Int32Array(graph.people);
  const queued = new Uint8Array(graph.people);
  let head = 0;
  let tail = 0;
  // Random starts first, then a sweep that picks up anyone left.
  for (let k = 0; tail < graph.people && k < 2 * graph.people; k++) {
    const start = k < graph.people ? random.int(graph.people) : k - graph.people;
    if (queued[start]) continue;
    queued[start] = 1;
    order[tail++] = start;
    while (head < tail) {
      const p = order[head++];
      for (let i = graph.offsets[p]; i < graph.offsets[p + 1]; i++) {
        const q = other[i];
        if (!queued[q]) {
          queued[q] = 1;
          order[tail++] = q;
        }
      }
    }
  }
  return order;
}

/**
 * The writes each person brings to their home when conversations sit on their creator's home
 * (1:1) or on their members' homes (groups, shared evenly): what the partitioning balances.
 */
export function homeWrites(model: Model): Float64Array {
  const { graph, rates } = model;
  const writes = new Float64Array(graph.people);
  const direct = writesPer.send + writesPer.typing + writesPer.directRead;
  for (let e = 0; e < graph.from.length; e++) {
    writes[graph.from[e]] += (rates.forward[e] + rates.backward[e]) * direct;
  }
  for (let g = 0; g + 1 < graph.groupOffsets.length; g++) {
    const size = graph.groupOffsets[g + 1] - graph.groupOffsets[g];
    const perMember = (rates.group[g] * (1 + writesPer.groupReadPerMember * (size - 1))) / size;
    for (let i = graph.groupOffsets[g]; i < graph.groupOffsets[g + 1]; i++) {
      writes[graph.members[i]] += perMember;
    }
  }
  return writes;
}

/** Passes over the people: the first places them, the others reconsider with everyone placed. */
const PASSES = 3;

/**
 * Restreamed linear deterministic greedy partitioning (Stanton and Kliot 2012; Nishimura and
 * Ugander 2013): each person joins the instance holding most of their friends (weighed by the
 * messages between them), discounted by how full it is. Full means 5% over the even share of
 * either people (connections) or the writes they bring (homeWrites), whichever is nearer.
 */
export function streamingHomes(model: Model, instances: number, seed: number): Int32Array {
  const { graph, other, incoming, outgoing } = model;
  const homes = new Int32Array(graph.people).fill(-1);
  if (instances === 1) return homes.fill(0);
  const writes = homeWrites(model);
  const peopleCap = (1.05 * graph.people) / instances;
  const writesCap = (1.05 * writes.reduce((s, x) => s + x, 0)) / instances;
  const people = new Float64Array(instances);
  const written = new Float64Array(instances);
  const room = (k: number) => 1 - Math.max(people[k] / peopleCap, written[k] / writesCap);
  const friends = new Float64Array(instances);
  const touched = new Int32Array(instances);
  const order = friendOrder(model, seed);
  for (let pass = 0; pass < PASSES; pass++) {
    people.fill(0);
    written.fill(0);
    // People with no friend placed (or only on full instances) take turns over the instances.
    let turn = 0;
    for (let o = 0; o < order.length; o++) {
      const p = order[o];
      let count = 0;
      for (let i = graph.offsets[p]; i < graph.offsets[p + 1]; i++) {
        const h = homes[other[i]];
        if (h < 0) continue;
        if (friends[h] === 0) touched[count++] = h;
        // Tiny floor: a friendship with no messages still counts for a little.
        friends[h] += incoming[i] + outgoing[i] + 1e-9;
      }
      let best = -1;
      let bestScore = 0;
      for (let t = 0; t < count; t++) {
        const k = touched[t];
        const score = friends[k] * room(k);
        if (score > bestScore) {
          bestScore = score;
          best = k;
        }
        friends[k] = 0;
      }
      for (let tries = 0; best < 0 && tries < instances; tries++) {
        const k = turn++ % instances;
        if (room(k) > 0) best = k;
      }
      if (best < 0) best = turn++ % instances;
      homes[p] = best;
      people[best] += 1;
      written[best] += writes[p];
    }
  }
  return homes;
}

/** A group's writes on its instance per second: the messages and the members' resets. */
const groupWrites = (model: Model, g: number) => {
  const size = model.graph.groupOffsets[g + 1] - model.graph.groupOffsets[g];
  return model.rates.group[g] * (writesPer.send + writesPer.groupReadPerMember * (size - 1));
};

/**
 * Groups on the home most of their members share, but balanced: busiest groups first, each on
 * the least loaded of the homes holding at least half as many of its members as the most common
 * one (the 1:1 conversations already there counted). Plurality alone piled the big, busy groups
 * of the larger communities onto a few instances.
 */
export function balancedGroups(model: Model, homes: Int32Array, instances: number): Int32Array {
  const { graph, rates } = model;
  const groups = graph.groupOffsets.length - 1;
  const load = new Float64Array(instances);
  const direct = writesPer.send + writesPer.typing + writesPer.directRead;
  for (let e = 0; e < graph.from.length; e++) {
    load[homes[graph.from[e]]] += (rates.forward[e] + rates.backward[e]) * direct;
  }
  const order = Array.from({ length: groups }, (_, g) => g);
  const writes = Float64Array.from(order, (g) => groupWrites(model, g));
  order.sort((a, b) => writes[b] - writes[a]);
  const placed = new Int32Array(groups);
  const counts = new Int32Array(instances);
  for (const g of order) {
    counts.fill(0);
    let most = 0;
    for (let i = graph.groupOffsets[g]; i < graph.groupOffsets[g + 1]; i++) {
      most = Math.max(most, ++counts[homes[graph.members[i]]]);
    }
    let best = pluralityHome(graph, g, homes, instances);
    for (let k = 0; k < instances; k++) {
      if (2 * counts[k] >= most && load[k] < load[best]) best = k;
    }
    placed[g] = best;
    load[best] += writes[g];
  }
  return placed;
}

export const graphAware: Placement = {
  name: 'friend graph',
  homes: streamingHomes,
  direct: (graph, edge, homes) => homes[graph.from[edge]],
  groups: balancedGroups,
};

export const placements: readonly Placement[] = [hashed, creator, graphAware];
