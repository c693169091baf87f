/**
 * Who chats how much at the daily peak, and what each action writes. The write counts are the
 * measured design's, from docs/scaling.md ("Writes per active user"); the rates are the issue's
 * goal (1,000,000 online, 100,000 chatting at once) and docs/scaling.md's habits (one message a
 * minute while chatting, one every ten minutes with the app merely open).
 */
import { degreeOf, type Graph } from './graph';

export const writesPer = {
  /** The message with every party's inbox entry: one root update, one write. */
  send: 1,
  /** ~5 s of typing before a 1:1 message: one write every 2 s plus the removal (groups: none). */
  typing: 4,
  /** The receiver's reset and marker: at most one per opened conversation with news. */
  directRead: 1,
  /** A group member resets once per visit; a visit covers about five messages. */
  groupReadPerMember: 0.2,
  /** Presence: online, then offline by onDisconnect, per session. */
  presencePerSession: 2,
} as const;

export const habits = {
  /** Messages per second of a person actively chatting, and of one with the app open. */
  chattingRate: 1 / 60,
  idleRate: 1 / 600,
  sessionSeconds: 30 * 60,
  /** Share of a person's messages that go to their groups, when they have any. */
  groupShare: 0.3,
  /** Relationship steps (requests, accepts, group joins) per online person per hour. */
  relationStepsPerHour: 0.5,
} as const;

/**
 * Share of the peak's online people per hour of the day (1 at the evening peak): the load at
 * any hour is the peak's times this, so the peak is what sizes the instances.
 */
export const dailyCurve = [
  0.3, 0.18, 0.1, 0.07, 0.06, 0.08, 0.15, 0.3, 0.42, 0.48, 0.52, 0.58, 0.64, 0.6, 0.58, 0.6, 0.66,
  0.74, 0.84, 0.93, 1, 0.97, 0.8, 0.52,
];

export const peakHour = dailyCurve.indexOf(Math.max(...dailyCurve));

export interface Activity {
  /** Probability that the person is actively chatting at the peak (everyone is online). */
  chatting: Float64Array;
  /** Messages per second the person sends at the peak. */
  rate: Float64Array;
}

/**
 * People with more friends chat more (∝ √friends); the factor is found by halving so that the
 * expected number chatting is `chattingShare` of everyone.
 */
export function peakActivity(graph: Graph, chattingShare: number): Activity {
  const n = graph.people;
  const base = new Float64Array(n);
  for (let p = 0; p < n; p++) base[p] = Math.sqrt(degreeOf(graph, p) + 1);
  const expected = (scale: number) => {
    let sum = 0;
    for (let p = 0; p < n; p++) sum += Math.min(1, scale * base[p]);
    return sum;
  };
  let lo = 0;
  let hi = 1;
  while (expected(hi) < chattingShare * n) hi *= 2;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (expected(mid) < chattingShare * n) lo = mid;
    else hi = mid;
  }
  const chatting = new Float64Array(n);
  const rate = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    chatting[p] = Math.min(1, hi * base[p]);
    rate[p] = chatting[p] * habits.chattingRate + (1 - chatting[p]) * habits.idleRate;
  }
  return { chatting, rate };
}

export interface ConversationRates {
  /** Messages per second in each direction of each friendship: from → to, and to → from. */
  forward: Float32Array;
  backward: Float32Array;
  /** Messages per second in each group. */
  group: Float64Array;
  /** Share of each person's messages going to each of their groups. */
  groupSharePerGroup: Float64Array;
}

/** Spreads each person's messages over their friendships (by weight) and their groups (evenly). */
export function conversationRates(graph: Graph, activity: Activity): ConversationRates {
  const n = graph.people;
  const edges = graph.from.length;
  const groups = graph.groupOffsets.length - 1;
  const totalWeight = new Float64Array(n);
  for (let e = 0; e < edges; e++) {
    totalWeight[graph.from[e]] += graph.weight[e];
    totalWeight[graph.to[e]] += graph.weight[e];
  }
  const groupSharePerGroup = new Float64Array(n);
  const directShare = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    const inGroups = graph.personGroupOffsets[p + 1] - graph.personGroupOffsets[p];
    const toGroups = inGroups === 0 ? 0 : totalWeight[p] === 0 ? 1 : habits.groupShare;
    groupSharePerGroup[p] = inGroups === 0 ? 0 : toGroups / inGroups;
    directShare[p] = totalWeight[p] === 0 ? 0 : (1 - toGroups) / totalWeight[p];
  }
  // Single precision: two arrays of millions, and the figures need three digits.
  const forward = new Float32Array(edges);
  const backward = new Float32Array(edges);
  for (let e = 0; e < edges; e++) {
    const a = graph.from[e];
    const b = graph.to[e];
    forward[e] = activity.rate[a] * directShare[a] * graph.weight[e];
    backward[e] = activity.rate[b] * directShare[b] * graph.weight[e];
  }
  const group = new Float64Array(groups);
  for (let g = 0; g < groups; g++) {
    for (let i = graph.groupOffsets[g]; i < graph.groupOffsets[g + 1]; i++) {
      const m = graph.members[i];
      group[g] += activity.rate[m] * groupSharePerGroup[m];
    }
  }
  return { forward, backward, group, groupSharePerGroup };
}
