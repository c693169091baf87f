import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, childOf, Expr, not, or, precedence, toJson, x } from '../../rules/builder';
import { rules } from '../../rules/index';
import { getBackend } from '../support/backend';

const a = new Expr('a == 1');
const b = new Expr('b == 2');
const c = new Expr('c');

describe('rules source', () => {
  it('generates exactly the committed database.rules.json tree', () => {
    const committed = JSON.parse(readFileSync(getBackend().rulesPath, 'utf8')) as unknown;
    expect(committed).toEqual({ rules: toJson(rules) });
  });

  it('brackets an || inside an && but not the other way round, where only readability asks', () => {
    expect(and(or(a, b), c).text).toBe('(a == 1 || b == 2) && c');
    expect(and(a, and(b, c)).text).toBe('a == 1 && b == 2 && c');
    expect(or(and(a, b), c).text).toBe('(a == 1 && b == 2) || c');
    expect(not(a).text).toBe('!(a == 1)');
    expect(not(c).text).toBe('!c');
  });

  it('quotes strings, inserts expressions and brackets them unless they stand alone', () => {
    expect(x`${c} == ${"it's"}`.text).toBe("c == 'it\\'s'");
    expect(x`${a}.val()`.text).toBe('(a == 1).val()');
    expect(x`f(${a})`.text).toBe('f(a == 1)');
  });

  it('joins path segments, literal keys merged and computed keys concatenated', () => {
    const root = new Expr('root');
    expect(childOf(root, 'users', new Expr('$uid'), 'username').text).toBe(
      "root.child('users/' + $uid + '/username')",
    );
    expect(childOf(root, 'a', 'b').text).toBe("root.child('a/b')");
  });

  it('reads precedence outside quotes and brackets only', () => {
    expect(precedence("a == '||'")).toBe(precedence('a == b'));
    expect(precedence('(a || b)')).toBe(precedence('c'));
    expect(precedence('a || b')).toBeLessThan(precedence('a && b'));
  });
});
