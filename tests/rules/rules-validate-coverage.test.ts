import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every path a client can write is validated. A node is writable when its own
 * `.write` or an ancestor's is anything but `false` (a `.write` grants its whole subtree); each
 * such node needs its own `.validate` (type, field set, size), `$other: { '.validate': false }`
 * alone is not enough, since it never runs when a bare value replaces the whole record.
 */
type RuleTree = { [key: string]: RuleTree | string | boolean | string[] | undefined };

/**
 * Writable nodes allowed without a `.validate`, each with why. Empty today: every writable node
 * has one. Add `'/path/$wildcard': 'reason'` only with a reason a reviewer accepts.
 */
const EXEMPT: Record<string, string> = {};

/** The writable nodes without a `.validate`, as `/a/$b` paths. */
function unvalidatedWritablePaths(tree: RuleTree): string[] {
  const found: string[] = [];
  const walk = (node: RuleTree, path: string, writable: boolean) => {
    const write = node['.write'];
    const here = writable || (write !== undefined && write !== false);
    if (here && node['.validate'] === undefined && !(path in EXEMPT)) found.push(path || '/');
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('.') || typeof child !== 'object' || Array.isArray(child)) continue;
      walk(child, `${path}/${key}`, here);
    }
  };
  walk(tree, '', false);
  return found;
}

const rules = (JSON.parse(readFileSync('database.rules.json', 'utf8')) as { rules: RuleTree })
  .rules;

describe('database.rules.json: validation coverage', () => {
  it('finds a writable node without .validate, however deep, and passes a covered one', () => {
    const tree: RuleTree = {
      '.write': false,
      open: {
        $uid: {
          '.write': 'auth.uid == $uid',
          '.validate': 'newData.hasChildren()',
          name: { '.validate': 'newData.isString()' },
          deep: { list: { '.validate': 'newData.isNumber()' } },
          $other: { '.validate': false },
        },
      },
      closed: { $x: { '.write': false, child: {} } },
    };
    expect(unvalidatedWritablePaths(tree)).toEqual(['/open/$uid/deep']);
    expect(unvalidatedWritablePaths({ a: { '.write': 'true' } })).toEqual(['/a']);
  });

  it('every writable path of the real rules has a .validate or a listed exemption', () => {
    expect(unvalidatedWritablePaths(rules)).toEqual([]);
    // Every exemption names a path that exists, so none outlives its reason.
    for (const path of Object.keys(EXEMPT)) {
      const node = path
        .split('/')
        .slice(1)
        .reduce<unknown>((at, key) => (at as RuleTree | undefined)?.[key], rules);
      expect(node, path).toBeTypeOf('object');
    }
  });
});
