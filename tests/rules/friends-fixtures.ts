import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { userRecord } from './rules-env';

/** Alice and Bob get related; Carol is a stranger to them both. */
export const alice = 'alice-uid';
export const bob = 'bob-uid';
export const carol = 'carol-uid';
export const conversationId = '-Nrel000000000000001';

export const users = {
  [`users/${alice}`]: userRecord('Alice'),
  [`users/${bob}`]: userRecord('Bob'),
  [`users/${carol}`]: userRecord('Carol'),
};

/** Alice's request to Bob, as the app writes it. */
export const request = {
  senderId: alice,
  senderName: 'Alice',
  receiverId: bob,
  receiverName: 'Bob',
  photo: '/default-avatar.svg',
};

export const pairAB = `pairs/${pairKey(alice, bob)}`;

/** Alice blocked Bob (what blocking their friendship writes). */
export const aliceBlocksBob = {
  blockbyid: alice,
  blockbyName: 'Alice',
  blockid: bob,
  blockName: 'Bob',
};

export const requested = {
  ...users,
  [`friendRequest/${conversationId}`]: request,
  [pairAB]: conversationId,
};
export const befriended = {
  ...users,
  [`friendList/${conversationId}`]: request,
  [pairAB]: conversationId,
};
export const blocked = {
  ...users,
  [`block/${conversationId}`]: aliceBlocksBob,
  [pairAB]: conversationId,
};

/** A request from Bob to Alice, the other direction (e.g. a crossing one from older data). */
export const bobToAlice = {
  senderId: bob,
  senderName: 'Bob',
  receiverId: alice,
  receiverName: 'Alice',
  photo: '',
};
