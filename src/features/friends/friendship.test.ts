// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Block, FriendRequest } from '../../lib/firebase/records';
import {
  buildRelationIndex,
  crossingRequests,
  relationWith,
  userListButton,
  type Relation,
  type RelationKind,
  type RelationSources,
} from './friendship';

const me = 'me';
const other = 'other';
const third = 'third';

function request(id: string, senderId: string, receiverId: string): FriendRequest {
  return { id, senderId, receiverId, senderName: senderId, receiverName: receiverId, photo: '' };
}
function block(id: string, blockbyid: string, blockid: string): Block {
  return { id, blockbyid, blockid, blockbyName: blockbyid, blockName: blockid };
}

/** Every record that can exist between `me` and `other`, and the relation it alone gives. */
const records = [
  {
    name: 'sent request',
    kind: 'requestSent',
    add: (s: Sources) => s.requests.push(request('r1', me, other)),
  },
  {
    name: 'received request',
    kind: 'requestReceived',
    add: (s: Sources) => s.requests.push(request('r2', other, me)),
  },
  {
    name: 'friendship I sent',
    kind: 'friends',
    add: (s: Sources) => s.friends.push(request('f1', me, other)),
  },
  {
    name: 'friendship they sent',
    kind: 'friends',
    add: (s: Sources) => s.friends.push(request('f2', other, me)),
  },
  {
    name: 'my block',
    kind: 'blocking',
    add: (s: Sources) => s.blocks.push(block('b1', me, other)),
  },
  {
    name: 'their block',
    kind: 'blockedBy',
    add: (s: Sources) => s.blocks.push(block('b2', other, me)),
  },
] as const;

interface Sources {
  requests: FriendRequest[];
  friends: FriendRequest[];
  blocks: Block[];
}

const precedence: RelationKind[] = [
  'blocking',
  'blockedBy',
  'friends',
  'requestReceived',
  'requestSent',
];

const expectedButton: Record<RelationKind, { label: string; action: string | null } | null> = {
  self: null,
  none: { label: 'Add', action: 'sendRequest' },
  requestSent: { label: 'panding', action: null },
  requestReceived: { label: 'panding', action: null },
  friends: { label: 'Friend', action: null },
  blocking: { label: 'Unblock', action: 'unblock' },
  blockedBy: { label: 'Blocked', action: null },
};

/** Records among other people, which must never change how `me` relates to `other`. */
function noise(s: Sources) {
  s.requests.push(request('n1', third, other), request('n2', other, third));
  s.friends.push(request('n3', third, other));
  s.blocks.push(block('n4', other, third), block('n5', third, other));
}

describe('relationship: every combination of records between two users', () => {
  const combinations = Array.from({ length: 2 ** records.length }, (_, mask) =>
    records.filter((_, bit) => mask & (1 << bit)),
  );

  it.each(
    combinations.map((set) => [set.map((r) => r.name).join(' + ') || 'nothing', set] as const),
  )('%s', (_label, set) => {
    for (const withNoise of [false, true]) {
      const sources: Sources = { requests: [], friends: [], blocks: [] };
      if (withNoise) noise(sources);
      for (const record of set) record.add(sources);
      const kinds = new Set<RelationKind>(set.map((r) => r.kind));
      const expected = precedence.find((kind) => kinds.has(kind)) ?? 'none';

      const relation = relationWith(buildRelationIndex(me, sources), me, other);
      expect(relation.kind).toBe(expected);
      expect(userListButton(relation)).toEqual(expectedButton[expected]);
      // The other side sees the mirror image of the same data.
      const theirs = relationWith(buildRelationIndex(other, sources), other, me).kind;
      expect(theirs).toBe(mirror(kinds));
    }
  });
});

function mirror(kinds: Set<RelationKind>): RelationKind {
  const flipped = new Set<RelationKind>();
  const flip: Partial<Record<RelationKind, RelationKind>> = {
    requestSent: 'requestReceived',
    requestReceived: 'requestSent',
    blocking: 'blockedBy',
    blockedBy: 'blocking',
    friends: 'friends',
  };
  for (const kind of kinds) flipped.add(flip[kind] ?? kind);
  return precedence.find((kind) => flipped.has(kind)) ?? 'none';
}

describe('relationship: edge cases', () => {
  const empty: RelationSources = { requests: [], friends: [], blocks: [] };

  it('treats myself as self, with no button, whatever the data says', () => {
    const sources = { ...empty, requests: [request('x', me, me)] };
    const relation = relationWith(buildRelationIndex(me, sources), me, me);
    expect(relation).toEqual({ kind: 'self' });
    expect(userListButton(relation)).toBeNull();
  });

  it('ignores self-referencing records when indexing', () => {
    const sources = {
      requests: [request('a', me, me)],
      friends: [request('b', other, other)],
      blocks: [block('c', me, me)],
    };
    expect(buildRelationIndex(me, sources).size).toBe(0);
  });

  it('keeps the record that decides the relation, for the actions that need it', () => {
    const sent = request('r1', me, other);
    const index = buildRelationIndex(me, { ...empty, requests: [sent] });
    expect(relationWith(index, me, other)).toEqual<Relation>({
      kind: 'requestSent',
      request: sent,
    });
    const mine = block('b1', me, other);
    const blocked = buildRelationIndex(me, { ...empty, blocks: [mine] });
    expect(relationWith(blocked, me, other)).toEqual<Relation>({ kind: 'blocking', block: mine });
  });

  it('indexes many users in one pass', () => {
    const requests = Array.from({ length: 10_000 }, (_, i) => request(`r${i}`, me, `u${i}`));
    const index = buildRelationIndex(me, { ...empty, requests });
    expect(index.size).toBe(10_000);
    expect(relationWith(index, me, 'u9999').kind).toBe('requestSent');
    expect(relationWith(index, me, 'stranger').kind).toBe('none');
  });
});

describe('crossingRequests', () => {
  it('finds only my requests to the sender of the accepted one', () => {
    const accepted = request('a', other, me);
    const crossing = request('c', me, other);
    const requests = [accepted, crossing, request('d', me, third), request('e', third, me)];
    expect(crossingRequests(requests, accepted, me)).toEqual([crossing]);
  });

  it('returns nothing when no request crosses', () => {
    const accepted = request('a', other, me);
    expect(crossingRequests([accepted], accepted, me)).toEqual([]);
  });
});
