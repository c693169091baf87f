/**
 * The rules engine driven end to end through @firebase/rules-unit-testing against our emulator:
 * rules uploaded over REST, requests made by the compat SDK over WebSocket.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../src/server';

// Written the way the docs write rules: comments, line breaks inside strings, trailing commas.
const RULES = `{
  "rules": {
    // Anyone may read, nobody may write.
    "public": { ".read": true },
    "users": {
      "$uid": {
        ".read": "auth != null",
        ".write": "auth != null && auth.uid == $uid",
        ".validate": "newData.hasChildren(['name'])",
        "name": { ".validate": "newData.isString() && newData.val().length <= 15" },
        "email": { ".validate": "newData.val().matches(/^[^@]+@[^@]+\\\\.[a-z]+$/i)" },
        "$other": { ".validate": false },
      },
    },
    "posts": {
      /* Only the owner's posts, and only through the matching query. */
      ".read": "auth != null && query.orderByChild == 'owner'
                && query.equalTo == auth.uid",
      ".indexOn": ["owner"],
      "$id": {
        ".write": "auth != null && (data.exists()
                     ? data.child('owner').val() == auth.uid
                     : newData.child('owner').val() == auth.uid)",
        ".validate": "newData.child('createdAt').isNumber() && newData.child('createdAt').val() <= now",
      },
    },
    "admin": {
      ".read": "auth.token.admin === true",
      ".write": "auth.token.admin === true",
    },
    "verified": {
      ".write": "auth.token.email_verified == true && auth.token.email.endsWith('@example.com')",
    },
    "members": {
      "$room": {
        ".read": "root.child('rooms').child($room).child('members').hasChild(auth.uid)",
      },
    },
  },
}`;

let emulator: RunningEmulator;
let env: RulesTestEnvironment;

beforeAll(async () => {
  // Every assertFails would otherwise print a FIREBASE WARNING.
  setLogLevel('error');
  emulator = await startEmulator({ port: 0 });
  env = await initializeTestEnvironment({
    projectId: 'demo-rules-engine',
    database: { host: emulator.host, port: emulator.port, rules: RULES },
  });
});

afterAll(async () => {
  await env.cleanup();
  await emulator.close();
});

beforeEach(async () => {
  await env.clearDatabase();
});

function as(uid: string | null, claims: Record<string, unknown> = {}) {
  const context =
    uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid, claims);
  return context.database();
}

async function seed(path: string, value: unknown): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    await context.database().ref(path).set(value);
  });
}

describe('reads', () => {
  it('cascade: a grant covers descendants; no grant means denied', async () => {
    await seed('public', { a: { b: 1 } });
    await assertSucceeds(as(null).ref('public/a/b').get());
    await assertFails(as(null).ref('users/alice').get());
    await assertSucceeds(as('bob').ref('users/alice/name').get());
    await assertFails(as(null).ref('/').get());
  });

  it('rules are not filters: a parent read is denied even if every child is readable', async () => {
    await assertFails(as('alice').ref('users').get());
  });

  it('query-based rules allow only the described query', async () => {
    await seed('posts', {
      p1: { owner: 'alice', createdAt: 1 },
      p2: { owner: 'bob', createdAt: 2 },
    });
    const db = as('alice');
    const mine = await assertSucceeds(db.ref('posts').orderByChild('owner').equalTo('alice').get());
    expect(Object.keys(mine.val() as object)).toEqual(['p1']);
    await assertFails(db.ref('posts').orderByChild('owner').equalTo('bob').get());
    await assertFails(db.ref('posts').get());
  });

  it('root lets a rule look elsewhere in the tree', async () => {
    await seed('rooms/r1/members/alice', true);
    await seed('members/r1', { topic: 'hi' });
    await assertSucceeds(as('alice').ref('members/r1').get());
    await assertFails(as('bob').ref('members/r1').get());
    await assertFails(as(null).ref('members/r1').get());
  });
});

describe('writes', () => {
  it('.write with $uid: only the owner writes', async () => {
    await assertSucceeds(as('alice').ref('users/alice').set({ name: 'Alice' }));
    await assertFails(as('bob').ref('users/alice').set({ name: 'Bob' }));
    await assertFails(as(null).ref('users/alice').set({ name: 'Anon' }));
    await assertFails(as('alice').ref('public/x').set(1));
  });

  it('.validate on the location and the subtree', async () => {
    const alice = as('alice');
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Alice', email: 'a@example.com' }));
    await assertFails(alice.ref('users/alice').set({ email: 'a@example.com' }));
    await assertFails(alice.ref('users/alice').set({ name: 'A name far too long' }));
    await assertFails(alice.ref('users/alice').set({ name: 'Alice', email: 'not-an-email' }));
    await assertFails(alice.ref('users/alice').set({ name: 'Alice', extra: true }));
    await assertSucceeds(alice.ref('users/alice/name').set('Al'));
    await assertFails(alice.ref('users/alice/name').set(42));
  });

  it('deletes skip validation of the deleted nodes', async () => {
    const alice = as('alice');
    await assertSucceeds(alice.ref('users/alice').set({ name: 'Alice', email: 'a@example.com' }));
    // Removing name would leave {email}, which the parent's .validate rejects.
    await assertFails(alice.ref('users/alice/name').remove());
    await assertSucceeds(alice.ref('users/alice/email').remove());
    // Now removing name empties the node: nothing is left to validate.
    await assertSucceeds(alice.ref('users/alice/name').remove());
  });

  it('multi-path updates are all or nothing', async () => {
    const alice = as('alice');
    await assertSucceeds(alice.ref().update({ 'users/alice/name': 'A' }));
    await assertFails(alice.ref().update({ 'users/alice/name': 'B', 'users/bob/name': 'B' }));
    const stored = await alice.ref('users/alice/name').get();
    expect(stored.val()).toBe('A');
  });

  it('data, newData and now: create as owner, then only the owner may change it', async () => {
    const alice = as('alice');
    const now = Date.now();
    await assertSucceeds(alice.ref('posts/p1').set({ owner: 'alice', createdAt: now - 1000 }));
    await assertFails(as('bob').ref('posts/p1').set({ owner: 'bob', createdAt: now }));
    await assertFails(as('bob').ref('posts/p2').set({ owner: 'alice', createdAt: now }));
    await assertFails(alice.ref('posts/p3').set({ owner: 'alice', createdAt: now + 3_600_000 }));
    await assertSucceeds(alice.ref('posts/p1/createdAt').set({ '.sv': 'timestamp' }));
  });

  it('auth.token claims: custom claims and e-mail verification', async () => {
    await assertSucceeds(as('carol', { admin: true }).ref('admin/x').set(1));
    await assertSucceeds(as('carol', { admin: true }).ref('admin').get());
    await assertFails(as('dave').ref('admin/x').set(1));
    await assertFails(as('dave', { admin: 'true' }).ref('admin').get());
    const verified = { email: 'v@example.com', email_verified: true };
    await assertSucceeds(as('v', verified).ref('verified/x').set(1));
    await assertFails(
      as('v', { ...verified, email_verified: false })
        .ref('verified/x')
        .set(1),
    );
    await assertFails(
      as('v', { ...verified, email: 'v@other.com' })
        .ref('verified/x')
        .set(1),
    );
  });

  it('withSecurityRulesDisabled bypasses every rule', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.database();
      await assertSucceeds(db.ref('anywhere/at/all').set({ x: 1 }));
      await assertSucceeds(db.ref('users/alice').set({ invalid: true }));
      await assertSucceeds(db.ref('/').get());
    });
  });
});

describe('loading rules', () => {
  it('rejects an invalid ruleset with its position', async () => {
    const bad = '{\n  "rules": {\n    ".read": "auth.uid ==",\n  }\n}';
    await expect(
      initializeTestEnvironment({
        projectId: 'demo-rules-bad',
        database: { host: emulator.host, port: emulator.port, rules: bad },
      }),
    ).rejects.toThrow(/line 3/);
  });
});
