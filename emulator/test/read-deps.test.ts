import { describe, expect, it } from 'vitest';
import { fromJson } from '../src/data/json';
import { setAt } from '../src/data/node';
import { type Path, parsePath } from '../src/data/path';
import { coveringPaths } from '../src/data/tracking-view';
import type { Identity } from '../src/db/identity';
import type { Listen, PushSink } from '../src/db/listens';
import { Namespace } from '../src/db/namespace';
import { compileRules } from '../src/rules';
import type { CompiledRules } from '../src/rules/contract';

const RULES = compileRules(
  JSON.stringify({
    rules: {
      groupMessages: {
        $g: {
          '.read':
            "root.child('groupMembership/' + $g + '/' + auth.uid + '/status').val() == 'member'",
        },
      },
      open: { '.read': 'auth != null' },
      own: { $k: { '.read': "data.child('owner').val() == auth.uid" } },
    },
  }),
);

/** The real rules engine, with its read evaluations counted. */
function counted(rules: CompiledRules): { rules: CompiledRules; reads: () => number } {
  let reads = 0;
  return {
    rules: {
      canRead: (r) => {
        reads++;
        return rules.canRead(r);
      },
      canWrite: (r) => rules.canWrite(r),
      indexOn: (p) => rules.indexOn(p),
    },
    reads: () => reads,
  };
}

/** A listen the way the protocol handler registers one; its pushes are collected. */
function listen(ns: Namespace, uid: string, at: string): { cancels: () => number } {
  const identity: Identity = { admin: false, auth: { uid, provider: null, token: {} } };
  let cancels = 0;
  const sink: PushSink = {
    identity,
    push: (action) => {
      if (action === 'c') cancels++;
    },
    pushSerialized: () => undefined,
    dropped: () => undefined,
  };
  const path = parsePath(at);
  const seen: Path[] = [];
  expect(ns.canRead(identity, path, null, seen).allowed).toBe(true);
  const l: Listen = {
    sink,
    path,
    spec: null,
    tag: null,
    wireQuery: undefined,
    live: null,
    window: null,
    readDeps: coveringPaths(seen),
  };
  ns.listens.add(l);
  return { cancels: () => cancels };
}

function write(ns: Namespace, at: string, value: unknown): void {
  const path = parsePath(at);
  void ns.commit(setAt(ns.root, path, fromJson(value)), [path]);
}

describe('read dependencies of listens', () => {
  it('re-evaluates a listen only for writes overlapping what its rules looked at', () => {
    const { rules, reads } = counted(RULES);
    const ns = new Namespace('deps', rules, () => null, Date.now);
    write(ns, 'groupMembership/g1/bob/status', 'member');
    const bob = listen(ns, 'bob', 'groupMessages/g1');
    const open = listen(ns, 'bob', 'open');
    const start = reads();

    // Messages, other members and other groups: nothing the rule read.
    for (let i = 0; i < 20; i++) write(ns, `groupMessages/g1/m${i}`, { text: 'x' });
    write(ns, 'groupMembership/g1/carol/status', 'member');
    write(ns, 'groupMembership/g2/bob/status', 'member');
    write(ns, 'groupMembership/g1/bob/since', 5);
    write(ns, 'open/x', 1);
    expect(reads()).toBe(start);

    // Above the location read: one re-evaluation each, still allowed.
    write(ns, 'groupMembership/g1', { bob: { status: 'member', since: 6 } });
    write(ns, 'groupMembership/g1/bob', { status: 'member', since: 7 });
    expect(reads()).toBe(start + 2);
    expect(bob.cancels()).toBe(0);

    write(ns, 'groupMembership/g1/bob/status', 'left');
    expect(reads()).toBe(start + 3);
    expect(bob.cancels()).toBe(1);
    expect(open.cancels()).toBe(0);
    expect(ns.listens.size).toBe(1);
  });

  it('tracks `data` at the listen’s own location, and refreshes what it tracks', () => {
    const { rules, reads } = counted(RULES);
    const ns = new Namespace('deps', rules, () => null, Date.now);
    write(ns, 'own/k', { owner: 'bob', body: 'a' });
    const bob = listen(ns, 'bob', 'own/k');
    const start = reads();
    write(ns, 'own/k/body', 'b');
    expect(reads()).toBe(start);
    write(ns, 'own/k', { owner: 'bob', body: 'c' });
    expect(reads()).toBe(start + 1);
    expect(bob.cancels()).toBe(0);
    write(ns, 'own/k/owner', 'alice');
    expect(bob.cancels()).toBe(1);
  });

  it('keeps only the covering paths', () => {
    const p = (s: string) => parsePath(s);
    expect(coveringPaths([p('a/b/c'), p('a/b'), p('x'), p('a/b/d'), p('x')])).toEqual([
      p('x'),
      p('a/b'),
    ]);
  });
});
