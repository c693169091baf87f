/**
 * Everything about the peak that does not depend on the placement, computed once per graph:
 * who chats, each conversation's messages, the conversation each person has open, and each
 * person's friendships laid out in their own row (the other person, the messages to and from
 * them), so the passes over people read memory in order instead of jumping around the edges.
 */
import { conversationRates, peakActivity, type Activity, type ConversationRates } from './activity';
import type { Graph } from './graph';

export interface Model {
  graph: Graph;
  activity: Activity;
  rates: ConversationRates;
  /** Per adjacency slot i (graph.adjacency[i], in person p's row): the friend, and rates. */
  other: Int32Array;
  incoming: Float32Array;
  outgoing: Float32Array;
  /** See openConversations. */
  open: Int32Array;
}

/**
 * Each person's most written-to conversation, the one open while they chat: a friendship's edge
 * id, or a group's id plus the number of friendships, or -1.
 */
export function openConversations(graph: Graph, activity: Activity, rates: ConversationRates) {
  const n = graph.people;
  const edges = graph.from.length;
  const best = new Float64Array(n);
  const open = new Int32Array(n).fill(-1);
  for (let e = 0; e < edges; e++) {
    const a = graph.from[e];
    const b = graph.to[e];
    if (rates.forward[e] > best[a]) {
      best[a] = rates.forward[e];
      open[a] = e;
    }
    if (rates.backward[e] > best[b]) {
      best[b] = rates.backward[e];
      open[b] = e;
    }
  }
  for (let p = 0; p < n; p++) {
    const first = graph.personGroupOffsets[p];
    const inGroups = first < graph.personGroupOffsets[p + 1];
    // Each group gets an equal share of the person's group messages; compare it with the friend.
    if (inGroups && activity.rate[p] * rates.groupSharePerGroup[p] > best[p]) {
      open[p] = edges + graph.memberOf[first];
    }
  }
  return open;
}

export function buildModel(graph: Graph, chattingShare: number): Model {
  const activity = peakActivity(graph, chattingShare);
  const rates = conversationRates(graph, activity);
  const slots = graph.adjacency.length;
  const other = new Int32Array(slots);
  const incoming = new Float32Array(slots);
  const outgoing = new Float32Array(slots);
  for (let p = 0; p < graph.people; p++) {
    for (let i = graph.offsets[p]; i < graph.offsets[p + 1]; i++) {
      const e = graph.adjacency[i];
      const mine = graph.from[e] === p;
      other[i] = mine ? graph.to[e] : graph.from[e];
      incoming[i] = mine ? rates.backward[e] : rates.forward[e];
      outgoing[i] = mine ? rates.forward[e] : rates.backward[e];
    }
  }
  const open = openConversations(graph, activity, rates);
  return { graph, activity, rates, other, incoming, outgoing, open };
}
