/**
 * One placement on N instances at the daily peak: every conversation's writes on its instance,
 * the hints on the recipients' homes (a 1:1 sender writes its friend's; a relay writes a group's,
 * one update per home), and each online person's connections: home, the open conversation's
 * instance, and the third slot that looks at other instances or carries a 1:1 hint.
 */
import { habits, writesPer } from './activity';
import { InstanceLoad } from './instance-load';
import type { Model } from './model';
import type { Placement } from './placement';

/** How long the third connection stays open after its last look or hint write. */
export const SLOT_IDLE_SECONDS = 30;
/**
 * While a 1:1 conversation is open, the friend's presence is on their home: when neither of my
 * connections is there, the header reads it through the slot this often.
 */
export const PRESENCE_LOOK_SECONDS = 60;

/**
 * One person's third connection: the rate of events (news to look at, 1:1 hints to carry) per
 * instance that their home and open connections do not reach, turned into the expected time it
 * is held on each. A Poisson stream of events, each holding it SLOT_IDLE_SECONDS, keeps it open
 * 1 - e^(-λT) of the time; being one connection, the shares are scaled to at most 1 in all.
 */
class ThirdSlot {
  private readonly rate: Float64Array;
  private readonly touched: Int32Array;
  private count = 0;
  private home = -1;
  private openAt = -1;
  private unseen = 1;
  /** New connections opened per second (an event finding the slot elsewhere or closed). */
  connects = 0;

  constructor(instances: number) {
    this.rate = new Float64Array(instances);
    this.touched = new Int32Array(instances);
  }

  open(home: number, openAt: number, chatting: number): void {
    this.home = home;
    this.openAt = openAt;
    this.unseen = 1 - chatting;
  }

  add(instance: number, rate: number): void {
    if (instance === this.home) return;
    const r = instance === this.openAt ? rate * this.unseen : rate;
    if (r <= 0) return;
    if (this.rate[instance] === 0) this.touched[this.count++] = instance;
    this.rate[instance] += r;
  }

  settle(load: InstanceLoad): void {
    let busy = 0;
    for (let t = 0; t < this.count; t++) {
      busy += 1 - Math.exp(-this.rate[this.touched[t]] * SLOT_IDLE_SECONDS);
    }
    const scale = busy > 1 ? 1 / busy : 1;
    for (let t = 0; t < this.count; t++) {
      const k = this.touched[t];
      const held = Math.exp(-this.rate[k] * SLOT_IDLE_SECONDS);
      load.addConnections(k, (1 - held) * scale, false);
      this.connects += this.rate[k] * held;
      this.rate[k] = 0;
    }
    this.count = 0;
  }
}

export interface ScaleRun {
  placement: string;
  instances: number;
  load: InstanceLoad;
  /** Share of conversations (1:1 and groups) whose members' homes are not all one. */
  crossHomeConversations: number;
  /** The same, weighted by messages. */
  crossHomeMessages: number;
  messagesPerSecond: number;
  /** Hints written by senders (1:1) and by the relay (groups). */
  hintWritesPerSecond: number;
  relayWritesPerSecond: number;
  /** New third-slot connections opened per second, all clients together. */
  slotConnectsPerSecond: number;
  /** Connections per person with the bounded design, and holding every instance spanned. */
  connectionsPerPerson: number;
  unboundedPerPerson: number;
}

export function simulate(
  model: Model,
  placement: Placement,
  instances: number,
  seed: number,
): ScaleRun {
  const { graph, activity, rates, open, other, incoming, outgoing } = model;
  const n = graph.people;
  const edges = graph.from.length;
  const groups = graph.groupOffsets.length - 1;
  const homes = placement.homes(model, instances, seed);
  const load = new InstanceLoad(instances);
  let messages = 0;
  let crossMessages = 0;
  let crossCount = 0;
  let hints = 0;
  let relayed = 0;

  const edgeInstance = new Int32Array(edges);
  for (let e = 0; e < edges; e++) edgeInstance[e] = placement.direct(graph, e, homes, instances);
  for (let e = 0; e < edges; e++) {
    const c = edgeInstance[e];
    const a = graph.from[e];
    const b = graph.to[e];
    const both = rates.forward[e] + rates.backward[e];
    messages += both;
    load.addWrites(c, both, writesPer.send);
    load.addWrites(c, both * writesPer.typing);
    load.addWrites(c, both * writesPer.directRead);
    // The sender's hint on the receiver's home, unless the conversation lives there.
    if (homes[b] !== c) {
      load.addWrites(homes[b], rates.forward[e]);
      hints += rates.forward[e];
    }
    if (homes[a] !== c) {
      load.addWrites(homes[a], rates.backward[e]);
      hints += rates.backward[e];
    }
    if (homes[a] !== homes[b]) {
      crossCount++;
      crossMessages += both;
    }
  }

  // Group hints are written by the relay (docs/scaling.md), one multi-path update per home.
  const groupAt = placement.groups(model, homes, instances);
  const stamp = new Int32Array(instances).fill(-1);
  for (let g = 0; g < groups; g++) {
    const c = groupAt[g];
    const size = graph.groupOffsets[g + 1] - graph.groupOffsets[g];
    const rate = rates.group[g];
    messages += rate;
    load.addWrites(c, rate, writesPer.send);
    load.addWrites(c, rate * writesPer.groupReadPerMember * (size - 1));
    let distinct = 0;
    for (let i = graph.groupOffsets[g]; i < graph.groupOffsets[g + 1]; i++) {
      const h = homes[graph.members[i]];
      if (stamp[h] === g) continue;
      stamp[h] = g;
      distinct++;
      if (h !== c) {
        load.addWrites(h, rate);
        relayed += rate;
      }
    }
    if (distinct > 1) {
      crossCount++;
      crossMessages += rate;
    }
  }

  // Connections: everyone is online at the peak.
  const slot = new ThirdSlot(instances);
  // What holding a connection to every instance of one's conversations would take instead.
  const spanned = new Int32Array(instances).fill(-1);
  let unbounded = 0;
  const span = (p: number, k: number) => {
    if (spanned[k] !== p) {
      spanned[k] = p;
      unbounded++;
    }
  };
  for (let p = 0; p < n; p++) {
    const home = homes[p];
    load.addConnections(home, 1, true);
    load.addWrites(home, writesPer.presencePerSession / habits.sessionSeconds);
    const o = open[p];
    const openAt = o < 0 ? -1 : o < edges ? edgeInstance[o] : groupAt[o - edges];
    const chatting = activity.chatting[p];
    if (openAt >= 0 && openAt !== home) load.addConnections(openAt, chatting, true);
    // News the home's listeners do not carry (discounted while that conversation is open).
    slot.open(home, openAt, chatting);
    if (o >= 0 && o < edges) {
      const friend = graph.from[o] === p ? graph.to[o] : graph.from[o];
      if (homes[friend] !== openAt) slot.add(homes[friend], chatting / PRESENCE_LOOK_SECONDS);
    }
    span(p, home);
    for (let i = graph.offsets[p]; i < graph.offsets[p + 1]; i++) {
      const c = edgeInstance[graph.adjacency[i]];
      span(p, c);
      slot.add(c, incoming[i]);
      // My hint to the friend's home, when neither of my connections is there.
      const theirs = homes[other[i]];
      if (theirs !== c) slot.add(theirs, outgoing[i]);
    }
    const own = activity.rate[p] * rates.groupSharePerGroup[p];
    for (let i = graph.personGroupOffsets[p]; i < graph.personGroupOffsets[p + 1]; i++) {
      const g = graph.memberOf[i];
      span(p, groupAt[g]);
      slot.add(groupAt[g], rates.group[g] - own);
    }
    slot.settle(load);
  }

  return {
    placement: placement.name,
    instances,
    load,
    crossHomeConversations: crossCount / (edges + groups),
    crossHomeMessages: messages > 0 ? crossMessages / messages : 0,
    messagesPerSecond: messages,
    hintWritesPerSecond: hints,
    relayWritesPerSecond: relayed,
    slotConnectsPerSecond: slot.connects,
    connectionsPerPerson: load.connections.reduce((sum, c) => sum + c, 0) / n,
    unboundedPerPerson: unbounded / n,
  };
}
