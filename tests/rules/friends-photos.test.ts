import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import {
  alice,
  blocked,
  bob,
  pairAB,
  conversationId,
  request,
  requested,
  users,
} from './friends-fixtures';
import { rulesEnvForFile } from './rules-env';

/**
 * The photo copied into a request or friendship follows the `users/{uid}/photo` rule: a
 * `picture:` reference must name the sender's own picture, so nobody shows someone else's.
 */
const { seed, write } = rulesEnvForFile('relationship-photos');

const send = (photo: string) =>
  write(alice, {
    [`friendRequest/${conversationId}`]: { ...request, photo },
    [pairAB]: conversationId,
  });

describe('friendRequest photo', () => {
  it('accepts the default, nothing, a Google photo or a reference to the sender’s own picture', async () => {
    const google = 'https://lh3.googleusercontent.com/a/x=s96-c';
    for (const photo of ['/default-avatar.svg', '', `picture:${alice}:v3`, google]) {
      await seed(users);
      await assertSucceeds(send(photo));
      await write(alice, { [`friendRequest/${conversationId}`]: null, [pairAB]: null });
    }
  });

  it('refuses a reference to the receiver’s or anyone else’s picture', async () => {
    await seed(users);
    await assertFails(send(`picture:${bob}:v1`));
    await assertFails(send(`picture:${alice}x:v1`));
    await assertFails(send('picture:carol-uid:v1'));
  });

  it('refuses any other URL (a tracking pixel every viewer would fetch)', async () => {
    await seed(users);
    await assertFails(send('https://tracker.example/p.gif?alice'));
    await assertFails(send('//tracker.example/p.gif'));
  });
});

describe('friendList photo', () => {
  const accept = (photo: string) =>
    write(bob, {
      [`friendRequest/${conversationId}`]: null,
      [`friendList/${conversationId}`]: { ...request, photo },
    });

  it('keeps the rule when a request with the sender’s picture is accepted', async () => {
    await seed({
      ...requested,
      [`friendRequest/${conversationId}`]: { ...request, photo: `picture:${alice}:v3` },
    });
    await assertSucceeds(accept(`picture:${alice}:v3`));
  });

  it('refuses an accepted request whose stored photo names someone else’s picture', async () => {
    // Only older data can hold one: the request rule now refuses it at sending.
    await seed({
      ...requested,
      [`friendRequest/${conversationId}`]: { ...request, photo: `picture:${bob}:v1` },
    });
    await assertFails(accept(`picture:${bob}:v1`));
  });

  it('lets the blocker unblock with her own picture but not with the other’s', async () => {
    const unblock = (photo: string) =>
      write(alice, {
        [`block/${conversationId}`]: null,
        [`friendList/${conversationId}`]: { ...request, photo },
      });
    await seed(blocked);
    await assertFails(unblock(`picture:${bob}:v1`));
    await assertSucceeds(unblock(`picture:${alice}:v2`));
  });
});
