// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { habits, writesPer } from '../../scripts/bench/scale/activity';
import { defaultGraph, generateGraph } from '../../scripts/bench/scale/graph';
import { buildModel } from '../../scripts/bench/scale/model';
import { creator, graphAware, hashed, type Placement } from '../../scripts/bench/scale/placement';
import { seededRandom } from '../../scripts/bench/scale/prng';
import { simulate } from '../../scripts/bench/scale/simulate';
import {
  directImageSendWrite,
  directSendWrite,
  groupSendWrite,
} from '../../src/lib/firebase/conversations/send-write';
import { handMade } from './scale-fixtures';

const graph = generateGraph({ ...defaultGraph, people: 10_000 }, seededRandom(9));
const model = buildModel(graph, 0.1);
const sum = (values: Float64Array) => values.reduce((s, x) => s + x, 0);

describe('the scale simulation', () => {
  it('on one instance: every write there, no hint, one connection per person', () => {
    const run = simulate(model, hashed, 1, 1);
    let expected = 0;
    for (let e = 0; e < graph.from.length; e++) {
      const messages = model.rates.forward[e] + model.rates.backward[e];
      expected += messages * (writesPer.send + writesPer.typing + writesPer.directRead);
    }
    for (let g = 0; g + 1 < graph.groupOffsets.length; g++) {
      const size = graph.groupOffsets[g + 1] - graph.groupOffsets[g];
      expected += model.rates.group[g] * (1 + writesPer.groupReadPerMember * (size - 1));
    }
    expected += (graph.people * writesPer.presencePerSession) / habits.sessionSeconds;
    expect(sum(run.load.writes)).toBeCloseTo(expected, 3);
    expect(run.hintWritesPerSecond + run.relayWritesPerSecond).toBe(0);
    expect(run.crossHomeConversations).toBe(0);
    expect(sum(run.load.connections)).toBeCloseTo(graph.people, 6);
  });

  it('spreading adds only hints to the writes, and connections stay within three a person', () => {
    const one = sum(simulate(model, hashed, 1, 1).load.writes);
    for (const placement of [hashed, creator, graphAware]) {
      const run = simulate(model, placement, 8, 1);
      const hints = run.hintWritesPerSecond + run.relayWritesPerSecond;
      expect(hints).toBeGreaterThan(0);
      expect(sum(run.load.writes)).toBeCloseTo(one + hints, 3);
      const connections = sum(run.load.connections);
      expect(connections).toBeGreaterThan(graph.people);
      expect(connections).toBeLessThanOrEqual(3 * graph.people);
    }
  });

  it('needs fewer hints and connections with homes along the friend graph', () => {
    const byHash = simulate(model, hashed, 8, 1);
    const byGraph = simulate(model, graphAware, 8, 1);
    expect(byGraph.crossHomeMessages).toBeLessThan(byHash.crossHomeMessages);
    expect(byGraph.hintWritesPerSecond).toBeLessThan(byHash.hintWritesPerSecond);
    expect(sum(byGraph.load.connections)).toBeLessThan(sum(byHash.load.connections));
  });

  // The simulation counts a send as one write on the conversation's instance: it holds while
  // every path of the app's send update is keyed by that conversation.
  it("keeps every path of the app's send updates under the one conversation", () => {
    const server = { now: {}, plusOne: {} };
    const from = { uid: 'alice', name: 'Alice' };
    const direct = { conversationId: 'c1', from, to: { uid: 'bob', name: 'Bob' } };
    const image = { full: 'data:', thumb: 'data:', width: 1, height: 1 };
    const group = { groupId: 'g1', from, to: ['bob', 'carol'] };
    const updates = [
      [directSendWrite(direct, 'm1', 'Hi', server), 'c1'],
      [directImageSendWrite(direct, 'm1', image, 'Look', server), 'c1'],
      [groupSendWrite(group, 'm1', 'Hi all', server), 'g1'],
    ] as const;
    for (const [update, id] of updates) {
      for (const path of Object.keys(update)) expect(path.split('/')).toContain(id);
    }
  });
});

describe('hints on one hand-made group', () => {
  // Three members on three homes, the group on the admin's: the relay writes one hint on each
  // of the two other homes per message; nobody's home holds a friendship.
  const graph = handMade(3, [], [[0, 1, 2]]);
  const fixed: Placement = {
    name: 'fixed',
    homes: () => Int32Array.from([0, 1, 2]),
    direct: () => 0,
    groups: () => Int32Array.from([0]),
  };
  const run = simulate(buildModel(graph, 0.5), fixed, 3, 1);
  const rate = buildModel(graph, 0.5).rates.group[0];
  const presence = writesPer.presencePerSession / habits.sessionSeconds;

  it('puts one relay hint per message on each home other than the group', () => {
    expect(rate).toBeGreaterThan(0);
    expect(run.relayWritesPerSecond).toBeCloseTo(2 * rate, 9);
    expect(run.hintWritesPerSecond).toBe(0);
    expect(run.load.writes[1]).toBeCloseTo(rate + presence, 9);
    expect(run.load.writes[2]).toBeCloseTo(rate + presence, 9);
    expect(run.crossHomeConversations).toBe(1);
  });

  it('counts the members away from the group on its instance, and nothing more on their homes', () => {
    const away = run.load.connections[0] - 1;
    expect(away).toBeGreaterThan(0);
    expect(away).toBeLessThanOrEqual(2);
    expect(run.load.connections[1]).toBe(1);
  });
});
