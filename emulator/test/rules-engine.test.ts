import { describe, expect, it } from 'vitest';
import { viewFromJson } from '../src/rules/index';
import { typicalRenameRoots, typicalRules } from '../bench/typical-rules';
import { canRead, canWrite, explainRead, explainWrite, rulesOf, user } from './rules-helpers';

describe('.read cascade', () => {
  const rules = rulesOf({
    public: { '.read': true, secret: { '.read': false } },
    users: { $uid: { '.read': 'auth.uid == $uid', profile: { '.read': 'auth != null' } } },
    admin: { '.read': "auth.token.role == 'admin'", logs: {} },
  });

  it('denies by default where no rule grants', () => {
    expect(canRead(rules, '/', null)).toBe(false);
    expect(canRead(rules, '/elsewhere', null)).toBe(false);
    expect(explainRead(rules, '/elsewhere', null).reason).toMatch(/No \.read rule .* \/elsewhere/);
  });

  it('a grant on an ancestor covers every descendant, even ones whose own rule says no', () => {
    expect(canRead(rules, '/public', null)).toBe(true);
    expect(canRead(rules, '/public/secret', null)).toBe(true);
    expect(canRead(rules, '/public/secret/deeper/still', null)).toBe(true);
  });

  it('a deeper rule can grant what the ancestors did not', () => {
    expect(canRead(rules, '/users/u1/profile', null, { auth: user('u2') })).toBe(true);
    expect(canRead(rules, '/users/u1/profile', null)).toBe(false);
    expect(canRead(rules, '/users/u1', null, { auth: user('u1') })).toBe(true);
    expect(canRead(rules, '/users/u1/private', null, { auth: user('u1') })).toBe(true);
    expect(canRead(rules, '/users/u1/private', null, { auth: user('u2') })).toBe(false);
  });

  it('rules are not filters: rules below the read location are ignored', () => {
    expect(canRead(rules, '/users', null, { auth: user('u1') })).toBe(false);
  });

  it('follows named children without rules of their own', () => {
    const admin = user('a', { role: 'admin' });
    expect(canRead(rules, '/admin/logs/1', null, { auth: admin })).toBe(true);
    expect(canRead(rules, '/admin/logs/1', null, { auth: user('b') })).toBe(false);
  });
});

describe('.write cascade', () => {
  const rules = rulesOf({
    open: { '.write': true, locked: { '.write': false } },
    users: { $uid: { '.write': 'auth.uid == $uid' } },
  });

  it('grants from any level of the chain, shallower winning', () => {
    expect(canWrite(rules, '/open/locked/x', null, 1)).toBe(true);
    expect(canWrite(rules, '/users/u1/name', null, 'A', { auth: user('u1') })).toBe(true);
    expect(canWrite(rules, '/users/u1/name', null, 'A', { auth: user('u2') })).toBe(false);
    expect(canWrite(rules, '/nowhere', null, 1)).toBe(false);
  });

  it('ignores .write rules below the written location', () => {
    expect(canWrite(rules, '/users', null, { u1: 'x' }, { auth: user('u1') })).toBe(false);
  });

  it('needs every path of a multi-path write to be allowed', () => {
    const ok = explainWrite(rules, null, { '/open/a': 1, '/users/u1/a': 2 }, { auth: user('u1') });
    expect(ok.allowed).toBe(true);
    const mixed = explainWrite(
      rules,
      null,
      { '/open/a': 1, '/users/u2/a': 2 },
      { auth: user('u1') },
    );
    expect(mixed.allowed).toBe(false);
    expect(mixed.reason).toMatch(/No \.write rule allowed writing \/users\/u2\/a/);
  });

  it('governs a priority write at p/.priority by the rules of p', () => {
    expect(canWrite(rules, '/users/u1/.priority', null, 5, { auth: user('u1') })).toBe(true);
    expect(canWrite(rules, '/users/u1/.priority', null, 5, { auth: user('u2') })).toBe(false);
  });
});

describe('.validate', () => {
  const rules = rulesOf({
    '.write': true,
    items: {
      '.validate': 'newData.hasChildren()',
      $id: {
        '.validate': "newData.hasChildren(['title'])",
        title: { '.validate': 'newData.isString() && newData.val().length < 10' },
        count: { '.validate': 'newData.isNumber()' },
        $other: { '.validate': "$other == 'tags'" },
      },
    },
  });
  const existing = { items: { a: { title: 'A', count: 1 } } };

  it('checks the location, its ancestors and the written subtree', () => {
    expect(canWrite(rules, '/items/b', existing, { title: 'B', count: 2 })).toBe(true);
    expect(canWrite(rules, '/items/b', existing, { count: 2 })).toBe(false);
    expect(canWrite(rules, '/items/b', existing, { title: 'far too long' })).toBe(false);
    expect(canWrite(rules, '/items/b', existing, { title: 'B', count: '2' })).toBe(false);
    expect(canWrite(rules, '/items/b', existing, { title: 'B', tags: 'x' })).toBe(true);
    expect(canWrite(rules, '/items/b', existing, { title: 'B', colour: 'red' })).toBe(false);
  });

  it('validates ancestors against the merged new data', () => {
    expect(canWrite(rules, '/items/a/count', existing, 5)).toBe(true);
    expect(canWrite(rules, '/items/a/count', existing, 'five')).toBe(false);
    expect(canWrite(rules, '/items/c/count', existing, 5)).toBe(false);
  });

  it('validates the whole written subtree, unchanged nodes included', () => {
    const invalidStored = { items: { a: { title: 'A', count: 'bad' } } };
    expect(canWrite(rules, '/items/a', invalidStored, { title: 'A', count: 'bad' })).toBe(false);
    expect(canWrite(rules, '/items/a/title', invalidStored, 'B')).toBe(true);
  });

  it('skips validation of deleted nodes', () => {
    expect(canWrite(rules, '/items/a', existing, null)).toBe(true);
    expect(canWrite(rules, '/items/a/title', existing, null)).toBe(false);
    expect(canWrite(rules, '/items/a/count', existing, null)).toBe(true);
    expect(canWrite(rules, '/items', existing, null)).toBe(true);
  });

  it('does not cascade: a passing ancestor does not excuse a failing descendant', () => {
    const strict = rulesOf({ '.write': true, '.validate': true, a: { '.validate': false } });
    expect(canWrite(strict, '/', null, { a: 1 })).toBe(false);
    expect(canWrite(strict, '/', null, { b: 1 })).toBe(true);
  });

  it('runs only after write access, and names the failing rule', () => {
    const denied = rulesOf({ a: { '.validate': true } });
    expect(canWrite(denied, '/a', null, 1)).toBe(false);
    const result = explainWrite(rules, existing, { '/items/b/count': 'x' });
    expect(result.reason).toMatch(/\.validate failed at \/items\/b/);
  });

  it('checks every path of an update against the merged result, all or nothing', () => {
    const ok = explainWrite(rules, existing, { '/items/a/title': 'T', '/items/a/count': 3 });
    expect(ok.allowed).toBe(true);
    const bad = explainWrite(rules, existing, { '/items/a/title': 'T', '/items/a/count': 'x' });
    expect(bad.allowed).toBe(false);
    const moved = explainWrite(rules, existing, { '/items/a/title': null, '/items/a/count': 3 });
    expect(moved.allowed).toBe(false);
  });
});

describe('wildcards', () => {
  const rules = rulesOf({
    rooms: {
      $room: {
        '.read': "$room.beginsWith('public-')",
        members: { $member: { '.write': "auth.uid == $member && $room != 'closed'" } },
      },
      lobby: { '.read': 'auth != null' },
    },
  });

  it('captures the segment and exposes it to the node and its descendants', () => {
    expect(canRead(rules, '/rooms/public-1', null)).toBe(true);
    expect(canRead(rules, '/rooms/private-1', null)).toBe(false);
    expect(canWrite(rules, '/rooms/r/members/u1', null, true, { auth: user('u1') })).toBe(true);
    expect(canWrite(rules, '/rooms/closed/members/u1', null, true, { auth: user('u1') })).toBe(
      false,
    );
    expect(canWrite(rules, '/rooms/r/members/u2', null, true, { auth: user('u1') })).toBe(false);
  });

  it('does not apply to a key that has a named rule node', () => {
    expect(canRead(rules, '/rooms/lobby', null, { auth: user('u1') })).toBe(true);
    expect(canRead(rules, '/rooms/lobby', null)).toBe(false);
    expect(canWrite(rules, '/rooms/lobby/members/u1', null, true, { auth: user('u1') })).toBe(
      false,
    );
  });
});

describe('data, newData and root in a write', () => {
  const rules = rulesOf({
    users: { '.write': true },
    posts: {
      $id: {
        // Create only, by the named owner; the owner must be a registered user.
        '.write': '!data.exists() && newData.child("owner").val() == auth.uid',
        '.validate': "root.child('users').hasChild(newData.child('owner').val())",
      },
    },
  });
  const state = { users: { u1: true }, posts: { p1: { owner: 'u1' } } };

  it('sees the old data as data/root and the would-be data as newData', () => {
    const u1 = { auth: user('u1') };
    expect(canWrite(rules, '/posts/p2', state, { owner: 'u1' }, u1)).toBe(true);
    expect(canWrite(rules, '/posts/p1', state, { owner: 'u1' }, u1)).toBe(false);
    expect(canWrite(rules, '/posts/p2', state, { owner: 'u2' }, u1)).toBe(false);
    expect(canWrite(rules, '/posts/p2', state, { owner: 'u3' }, { auth: user('u3') })).toBe(false);
  });

  it('root stays the pre-write root even when the write touches it', () => {
    const writes = { '/users/u3': true, '/posts/p3': { owner: 'u3' } };
    const multi = explainWrite(rules, state, writes, { auth: user('u3') });
    expect(multi.allowed).toBe(false);
    expect(multi.reason).toMatch(/\.validate failed at \/posts\/p3/);
  });
});

describe('denial reasons', () => {
  it('name the path and any evaluation error, for logs', () => {
    const rules = rulesOf({ a: { '.read': "auth.uid.beginsWith('x')" } });
    const { allowed, reason } = explainRead(rules, '/a/b', null);
    expect(allowed).toBe(false);
    expect(reason).toMatch(/No \.read rule allowed reading \/a\/b/);
    expect(reason).toMatch(/Cannot call beginsWith\(\) on null/);
  });
});

describe('viewFromJson', () => {
  it('reads export-format JSON: priorities, .value leaves, arrays and empty nodes', () => {
    const view = viewFromJson({
      '.priority': 1,
      leaf: { '.value': 'v', '.priority': 'p' },
      list: ['a', 'b'],
      empty: {},
      gone: null,
    });
    expect(view.priority()).toBe(1);
    expect(view.childKeys().sort()).toEqual(['leaf', 'list']);
    expect(view.child('leaf').leafValue()).toBe('v');
    expect(view.child('leaf').priority()).toBe('p');
    expect(view.child('list').child('1').leafValue()).toBe('b');
    expect(view.child('empty').exists()).toBe(false);
    expect(view.child('leaf').child('x').exists()).toBe(false);
    expect(viewFromJson(null).exists()).toBe(false);
  });
});

describe('a typical app rule set (its speed is printed by npm run bench:emulator)', () => {
  it('allows the owner a valid write and refuses others and unknown fields', () => {
    const rules = rulesOf(typicalRules);
    const { root, newRoot } = typicalRenameRoots();
    const request = { paths: [['users', 'u1']], root, newRoot, auth: user('u1'), now: 0 };
    expect(rules.canWrite(request).allowed).toBe(true);
    expect(rules.canWrite({ ...request, auth: user('u2') }).allowed).toBe(false);
    const extra = viewFromJson({ users: { u1: { name: 'New', email: 'n@x', admin: true } } });
    expect(rules.canWrite({ ...request, newRoot: extra }).allowed).toBe(false);
  });
});
