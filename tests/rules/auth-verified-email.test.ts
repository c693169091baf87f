import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { withReceiverEntry } from './inbox-fixtures';
import {
  alice,
  befriended,
  bob,
  conversationId,
  request,
  requested,
  users,
} from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile, userRecord } from './rules-env';

const { dbAs, seed } = rulesEnvForFile('verified');

// Login refuses unverified accounts (spec); the rules refuse them too, so the SDK used directly
// cannot do what the app would not. Only the registration's own users/{uid} write is allowed.
const unverified = { email_verified: false };
const verified = { email_verified: true };
const as = (uid: string, token: Record<string, unknown>) => dbAs(uid, token).ref();

describe('an account whose e-mail is not verified', () => {
  it('may write its own users record, as registration does before verification', async () => {
    const own = dbAs(alice, { ...unverified, email: 'alice@example.com' });
    await assertSucceeds(own.ref(`users/${alice}`).set(userRecord('Alice')));
  });

  describe('with friends and requests', () => {
    beforeEach(() => seed(users));
    const newRequest = {
      [`friendRequest/${conversationId}`]: request,
      [`pairs/${pairKey(alice, bob)}`]: conversationId,
    };

    it('cannot send a friend request; the same request verified can', async () => {
      await assertFails(as(alice, unverified).update(newRequest));
      await assertSucceeds(as(alice, verified).update(newRequest));
    });
  });

  describe('as the receiver of a request', () => {
    beforeEach(() => seed(requested));
    const accept = {
      [`friendList/${conversationId}`]: request,
      [`friendRequest/${conversationId}`]: null,
    };

    it('cannot accept it; verified it can', async () => {
      await assertFails(as(bob, unverified).update(accept));
      await assertSucceeds(as(bob, verified).update(accept));
    });
  });

  describe('as a friend', () => {
    beforeEach(() => seed(befriended));
    const message = {
      message: 'Hi Bob!',
      messagesenderId: alice,
      massagesenderName: 'Alice',
      messagereceiverId: bob,
      messagereceiverName: 'Bob',
      createdAt: SERVER_TIME,
    };

    it('cannot send a message; verified it can', async () => {
      const withEntry = withReceiverEntry('-Nm1', message);
      await assertFails(as(alice, unverified).update(withEntry));
      await assertSucceeds(as(alice, verified).update(withEntry));
    });

    it('cannot create a group; verified it can', async () => {
      const group = { adminId: alice, adminName: 'Alice', groupName: 'Hikers', groupTag: 'Hills' };
      await assertFails(as(alice, unverified).child('Mygroup/-Ng1').set(group));
      await assertSucceeds(as(alice, verified).child('Mygroup/-Ng1').set(group));
    });
  });
});
