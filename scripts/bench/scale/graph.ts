/**
 * A synthetic social graph in typed arrays: people in communities of skewed sizes, friend counts
 * from a power law (a few people with thousands of friends, most with a handful), most friends
 * inside one's community, and groups of 3 to 200 drawn around their admin. A friendship is a
 * direct conversation (docs/data-model.md: one conversationId per pair), so edges are conversations.
 */
import { powerLaw, type Random } from './prng';

export interface GraphOptions {
  people: number;
  /** Friend counts: power law from `minFriends` to `maxFriends` (the product caps nothing today). */
  minFriends: number;
  maxFriends: number;
  friendExponent: number;
  /** Community sizes: power law between these bounds. */
  minCommunity: number;
  maxCommunity: number;
  /** Share of friendships made inside one's community (the rest anywhere, by popularity). */
  localShare: number;
  /** Groups per person, and their sizes (power law between 3 and 200). */
  groupsPerPerson: number;
  minGroup: number;
  maxGroup: number;
  groupExponent: number;
}

export const defaultGraph: GraphOptions = {
  people: 1_000_000,
  minFriends: 3,
  maxFriends: 5000,
  friendExponent: 2.3,
  minCommunity: 20,
  maxCommunity: 20_000,
  localShare: 0.85,
  groupsPerPerson: 0.1,
  minGroup: 3,
  maxGroup: 200,
  groupExponent: 2,
};

export interface Graph {
  people: number;
  community: Int32Array;
  /** Friendship e joins from[e] (who sent the request: the conversation's creator) and to[e]. */
  from: Int32Array;
  to: Int32Array;
  /** How much of its people's chat goes to each friendship (heavy-tailed: a few close friends). */
  weight: Float32Array;
  /** Each person's friendships: edge ids adjacency[offsets[p] .. offsets[p + 1]). */
  offsets: Int32Array;
  adjacency: Int32Array;
  /** Group g's members (admin first): members[groupOffsets[g] .. groupOffsets[g + 1]). */
  groupOffsets: Int32Array;
  members: Int32Array;
  /** Each person's groups: memberOf[personGroupOffsets[p] .. personGroupOffsets[p + 1]). */
  personGroupOffsets: Int32Array;
  memberOf: Int32Array;
}

export const degreeOf = (graph: Graph, person: number) =>
  graph.offsets[person + 1] - graph.offsets[person];

/** Communities as consecutive runs of people: returns each one's first person (and the end). */
function communities(options: GraphOptions, random: Random) {
  const starts = [0];
  let at = 0;
  while (at < options.people) {
    at = Math.min(
      options.people,
      at + powerLaw(random, options.minCommunity, options.maxCommunity, 2),
    );
    starts.push(at);
  }
  const community = new Int32Array(options.people);
  for (let c = 0; c + 1 < starts.length; c++) community.fill(c, starts[c], starts[c + 1]);
  return { community, starts: Int32Array.from(starts) };
}

/** Person chosen with probability ∝ target degree: popular people gather far friends. */
function popularityPicker(target: Int32Array, random: Random) {
  const cumulative = new Float64Array(target.length);
  let sum = 0;
  for (let p = 0; p < target.length; p++) cumulative[p] = sum += target[p];
  return () => {
    const x = random.next() * sum;
    let lo = 0;
    let hi = target.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

function friendships(
  options: GraphOptions,
  random: Random,
  starts: Int32Array,
  community: Int32Array,
) {
  const n = options.people;
  const target = new Int32Array(n);
  let stubs = 0;
  for (let p = 0; p < n; p++) {
    target[p] = powerLaw(random, options.minFriends, options.maxFriends, options.friendExponent);
    stubs += target[p];
  }
  const popular = popularityPicker(target, random);
  // Each person starts half of its friendships; the other half comes from others' starts.
  const capacity = Math.ceil(stubs / 2) + n;
  let from = new Int32Array(capacity);
  let to = new Int32Array(capacity);
  let edges = 0;
  for (let p = 0; p < n; p++) {
    const c = community[p];
    const lo = starts[c];
    const size = starts[c + 1] - lo;
    const count = (target[p] + random.int(2)) >> 1;
    for (let k = 0; k < count; k++) {
      const other =
        random.next() < options.localShare && size > 1 ? lo + random.int(size) : popular();
      if (other === p) continue;
      from[edges] = p;
      to[edges] = other;
      edges++;
    }
  }
  from = from.slice(0, edges);
  to = to.slice(0, edges);
  const weight = new Float32Array(edges);
  // Pareto(1.5): most friendships see little chat, a few most of it.
  for (let e = 0; e < edges; e++) weight[e] = (1 - random.next()) ** (-1 / 1.5);
  return { from, to, weight };
}

/** Compressed rows: for each of `rows` keys, the values whose key is keyOf(i). */
function rowsOf(
  rows: number,
  count: number,
  keysOf: (i: number, add: (key: number) => void) => void,
) {
  const offsets = new Int32Array(rows + 1);
  for (let i = 0; i < count; i++) keysOf(i, (key) => offsets[key + 1]++);
  for (let r = 0; r < rows; r++) offsets[r + 1] += offsets[r];
  const fill = offsets.slice(0, rows);
  const values = new Int32Array(offsets[rows]);
  for (let i = 0; i < count; i++) keysOf(i, (key) => (values[fill[key]++] = i));
  return { offsets, values };
}

function groups(
  options: GraphOptions,
  random: Random,
  graph: Pick<Graph, 'from' | 'to' | 'offsets' | 'adjacency'>,
  starts: Int32Array,
  community: Int32Array,
) {
  const count = Math.round(options.people * options.groupsPerPerson);
  const groupOffsets = new Int32Array(count + 1);
  const members: number[] = [];
  const seen = new Set<number>();
  for (let g = 0; g < count; g++) {
    const admin = random.int(options.people);
    const size = powerLaw(random, options.minGroup, options.maxGroup, options.groupExponent);
    seen.clear();
    seen.add(admin);
    members.push(admin);
    const lo = graph.offsets[admin];
    const friends = graph.offsets[admin + 1] - lo;
    const c = community[admin];
    const cLo = starts[c];
    const cSize = starts[c + 1] - cLo;
    // The admin's friends first (an invitation needs a friendship), then their community.
    for (let tries = 0; seen.size < size && tries < size * 4; tries++) {
      let person: number;
      if (friends > 0 && random.next() < 0.7) {
        const e = graph.adjacency[lo + random.int(friends)];
        person = graph.from[e] === admin ? graph.to[e] : graph.from[e];
      } else person = cLo + random.int(cSize);
      if (seen.has(person)) continue;
      seen.add(person);
      members.push(person);
    }
    groupOffsets[g + 1] = members.length;
  }
  const memberArray = Int32Array.from(members);
  const owner = new Int32Array(memberArray.length);
  for (let g = 0; g < count; g++) owner.fill(g, groupOffsets[g], groupOffsets[g + 1]);
  const byPerson = rowsOf(options.people, memberArray.length, (i, add) => add(memberArray[i]));
  const memberOf = byPerson.values.map((i) => owner[i]);
  return {
    groupOffsets,
    members: memberArray,
    personGroupOffsets: byPerson.offsets,
    memberOf,
  };
}

export function generateGraph(options: GraphOptions, random: Random): Graph {
  const { community, starts } = communities(options, random);
  const { from, to, weight } = friendships(options, random, starts, community);
  const { offsets, values: adjacency } = rowsOf(options.people, from.length, (e, add) => {
    add(from[e]);
    add(to[e]);
  });
  const base = { from, to, offsets, adjacency };
  return {
    people: options.people,
    community,
    weight,
    ...base,
    ...groups(options, random, base, starts, community),
  };
}
