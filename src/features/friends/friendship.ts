import type { Block, FriendRequest, Friendship } from '../../lib/firebase/records';
import { spec } from '../../strings/spec';

/**
 * How the signed-in user stands with another user: the one place that turns requests,
 * friendships and blocks into the User List's button. Pure and exhaustively tested.
 */
export type Relation =
  | { kind: 'self' }
  | { kind: 'none' }
  | { kind: 'requestSent'; request: FriendRequest }
  | { kind: 'requestReceived'; request: FriendRequest }
  | { kind: 'friends'; friendship: Friendship }
  | { kind: 'blocking'; block: Block }
  | { kind: 'blockedBy'; block: Block };

export type RelationKind = Relation['kind'];

export interface RelationSources {
  requests: readonly FriendRequest[];
  friends: readonly Friendship[];
  blocks: readonly Block[];
}

/**
 * When data holds more than one record for a pair (possible in data older than the pair guard),
 * the strongest wins: a block hides a friendship, a friendship hides a request. The blocker's
 * own block wins over one against them, so they can still act ('Unblock'); a received request
 * wins over a sent one, so it can still be accepted.
 */
const strength: Record<RelationKind, number> = {
  self: 6,
  blocking: 5,
  blockedBy: 4,
  friends: 3,
  requestReceived: 2,
  requestSent: 1,
  none: 0,
};

export type RelationIndex = ReadonlyMap<string, Relation>;

/** Indexes every relation of `me` by the other user's uid, in one pass over the lists. */
export function buildRelationIndex(me: string, sources: RelationSources): RelationIndex {
  const index = new Map<string, Relation>();
  const offer = (other: string, relation: Relation) => {
    const current = index.get(other);
    if (!current || strength[relation.kind] > strength[current.kind]) index.set(other, relation);
  };
  for (const request of sources.requests) {
    if (request.senderId === request.receiverId) continue;
    if (request.senderId === me) offer(request.receiverId, { kind: 'requestSent', request });
    else if (request.receiverId === me)
      offer(request.senderId, { kind: 'requestReceived', request });
  }
  for (const friendship of sources.friends) {
    if (friendship.senderId === friendship.receiverId) continue;
    if (friendship.senderId === me) offer(friendship.receiverId, { kind: 'friends', friendship });
    else if (friendship.receiverId === me)
      offer(friendship.senderId, { kind: 'friends', friendship });
  }
  for (const block of sources.blocks) {
    if (block.blockbyid === block.blockid) continue;
    if (block.blockbyid === me) offer(block.blockid, { kind: 'blocking', block });
    else if (block.blockid === me) offer(block.blockbyid, { kind: 'blockedBy', block });
  }
  return index;
}

// Shared instances, so selectors that return them stay referentially stable.
const SELF: Relation = Object.freeze({ kind: 'self' });
const NONE: Relation = Object.freeze({ kind: 'none' });

export function relationWith(index: RelationIndex, me: string, other: string): Relation {
  if (other === me) return SELF;
  return index.get(other) ?? NONE;
}

type UserListAction = 'sendRequest' | 'unblock';

export interface UserListButton {
  label: string;
  /** What clicking does; null means the button is a disabled status label. */
  action: UserListAction | null;
}

/** The User List button for a relation, exactly as the spec names its states. */
export function userListButton(relation: Relation): UserListButton | null {
  switch (relation.kind) {
    case 'self':
      return null;
    case 'none':
      return { label: spec.relation.add, action: 'sendRequest' };
    case 'requestSent':
    case 'requestReceived':
      return { label: spec.relation.pending, action: null };
    case 'friends':
      return { label: spec.relation.friend, action: null };
    case 'blocking':
      return { label: spec.relation.unblock, action: 'unblock' };
    case 'blockedBy':
      return { label: spec.relation.blocked, action: null };
  }
}

/**
 * Requests `me` sent to the sender of `accepted`: they cross it and must go when it is
 * accepted, or the pair would show 'panding' next to 'Friend'.
 */
export function crossingRequests(
  requests: readonly FriendRequest[],
  accepted: FriendRequest,
  me: string,
): FriendRequest[] {
  return requests.filter(
    (r) => r.id !== accepted.id && r.senderId === me && r.receiverId === accepted.senderId,
  );
}
