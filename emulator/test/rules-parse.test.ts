import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from '../src/rules/contract';
import { compileRules, closedRules } from '../src/rules/index';
import { canRead, canWrite, user } from './rules-helpers';

function syntaxErrorOf(text: string): RulesSyntaxError {
  try {
    compileRules(text);
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a RulesSyntaxError');
}

function rejects(rules: object, pattern: RegExp): void {
  expect(syntaxErrorOf(JSON.stringify({ rules })).message).toMatch(pattern);
}

describe('lenient ruleset JSON', () => {
  it('accepts comments, trailing commas, raw newlines in strings and a BOM', () => {
    const rules = compileRules(`\uFEFF{
      // line comment
      /* block
         comment */
      "rules": {
        "a": {
          ".read": "auth != null &&
                    auth.uid == 'u1'",   // rule spanning two lines
          ".write": true,
        },
      },
    }`);
    expect(canRead(rules, '/a', null, { auth: user('u1') })).toBe(true);
    expect(canRead(rules, '/a', null, { auth: user('u2') })).toBe(false);
    expect(canWrite(rules, '/a', null, 1)).toBe(true);
  });

  it('decodes JSON string escapes before parsing the expression', () => {
    const rules = compileRules(String.raw`{"rules": {".read": "'\u0061b' == \"ab\""}}`);
    expect(canRead(rules, '/', null)).toBe(true);
  });

  it.each([
    ['{"rules": {".read": true', 1, 25, /Expected ',' or '}'/],
    ['{\n  "rules": {\n    ".read": tru\n  }\n}', 3, 14, /Unexpected character "t"/],
    ['{"rules": {\n\n  ".read": true,\n  ".read": false}}', 4, 3, /Duplicate key/],
    ['{"rules": {} } extra', 1, 16, /Unexpected character "e"/],
    ['{"rules": {"a": "\\q"}}', 1, 19, /Invalid escape/],
    ['{"rules": {}  /* open', 1, 15, /Unterminated comment/],
    ['{"rules": {"a": "open', 1, 17, /Unterminated string/],
    ['', 1, 1, /end of input/],
  ])('reports JSON errors with line and column: %j', (text, line, column, message) => {
    const error = syntaxErrorOf(text);
    expect(error.message).toMatch(message);
    expect([error.line, error.column]).toEqual([line, column]);
  });

  it('requires the top-level "rules" key and nothing else', () => {
    expect(syntaxErrorOf('{}').message).toMatch(/Missing top-level key "rules"/);
    expect(syntaxErrorOf('[]').message).toMatch(/Expected an object/);
    const extra = syntaxErrorOf('{"rules": {},\n "other": 1}');
    expect([extra.line, extra.column]).toEqual([2, 2]);
  });
});

describe('ruleset structure', () => {
  it('points at the offending rule string for expression errors', () => {
    const error = syntaxErrorOf(
      '{\n  "rules": {\n    "a": { ".write": "newData.exists() &&" }\n  }\n}',
    );
    expect([error.line, error.column]).toEqual([3, 22]);
    expect(error.message).toMatch(/Invalid \.write rule: Unexpected end of expression/);
    expect(error.message).toMatch(/\(line 3, column 22\)$/);
  });

  it.each([
    [{ '.reed': true }, /Unknown rule type ".reed"/],
    [{ '.read': 1 }, /must be a string or a boolean/],
    [{ a: true }, /Expected an object of rules/],
    [{ 'a.b': {} }, /Invalid key "a.b"/],
    [{ 'a/b': {} }, /Invalid key "a\/b"/],
    [{ $a: {}, $b: {} }, /Only one \$wildcard/],
    [{ $a: { $a: {} } }, /already used by an ancestor/],
    [{ '$a-b': {} }, /Invalid wildcard name/],
    [{ '.indexOn': 3 }, /\.indexOn must be/],
    [{ '.indexOn': ['a', 2] }, /\.indexOn must be/],
  ])('rejects %j', (rules, pattern) => rejects(rules, pattern));

  it.each([
    ['1', /must evaluate to a boolean, not a number/],
    ["'yes'", /not a string/],
    ['data', /not a snapshot/],
    ['null', /not a null/],
    ['data.exists', /Snapshots have no properties \(did you mean exists\(\)\?\)/],
    ['foo == 1', /Unknown variable 'foo'/],
    ['$nope == "a"', /Unknown variable '\$nope'/],
    ['newData.exists()', /newData is not available in \.read/],
    ['data.frobnicate()', /Unknown method frobnicate\(\) on a snapshot/],
    ["'a'.frobnicate()", /Unknown method frobnicate\(\) on a string/],
    ['auth.uid.frobnicate()', /Unknown method frobnicate\(\) on any value/],
    ['(1).contains("a")', /Unknown method contains\(\) on a number/],
    ['data.child()', /child\(\) takes 1 argument/],
    ['data.hasChildren([])', /non-empty array/],
    ["data.hasChildren('a')", /non-empty array/],
    ["[1] == 'a'", /Array literals are only allowed/],
    ['/a/ == 1', /Regular expressions are only allowed/],
    ["auth.uid.matches('a')", /regular expression literal/],
    ['auth.uid.matches(/a/g)', /Unsupported regular expression flags/],
    ['auth.uid.matches(/a^/)', /'\^' is only allowed as the first/],
    ['auth.uid.matches(/a(?=b)/)', /not supported/],
    ["auth.uid = 'a'", /assignment is not allowed/],
    ["'a'.size > 1", /Strings have no property 'size'/],
    ['data == root', /cannot be applied to a snapshot/],
    ["1 < 'a'", /cannot compare a number with a string/],
    ['!1', /'!' cannot be applied to a number/],
    ["-'a' == 1", /Unary '-' cannot be applied to a string/],
    ["true && 'a'", /'&&' cannot be applied to a string/],
    ["'a' * 2 == 1", /'\*' cannot be applied to a string/],
    ['true + 1 == 2', /'\+' cannot be applied to a boolean/],
    ['1 ? true : false', /condition of '\?:' cannot be applied to a number/],
    ['data.child(1).exists()', /This argument cannot be applied to a number/],
    ['auth.uid(1)', /Unknown method uid\(\)/],
    ['(auth)(1)', /Only methods can be called/],
    ["'unterminated", /Unterminated string/],
    ['a b', /Unexpected 'b'|Unknown variable/],
  ])('rejects the expression %s', (expression, pattern) => {
    rejects({ '.read': expression }, pattern);
  });

  it('accepts expressions whose type is only known at run time', () => {
    expect(() => compileRules(JSON.stringify({ rules: { '.read': 'auth.admin' } }))).not.toThrow();
    expect(() =>
      compileRules(JSON.stringify({ rules: { '.read': 'data.val() ? true : false' } })),
    ).not.toThrow();
  });

  it('reports .indexOn per path, following wildcards', () => {
    const rules = compileRules(
      JSON.stringify({
        rules: {
          '.indexOn': '.value',
          users: { '.indexOn': ['name', 'age'], $uid: { posts: { '.indexOn': 'ts' } } },
        },
      }),
    );
    expect(rules.indexOn([])).toEqual(['.value']);
    expect(rules.indexOn(['users'])).toEqual(['name', 'age']);
    expect(rules.indexOn(['users', 'u1', 'posts'])).toEqual(['ts']);
    expect(rules.indexOn(['users', 'u1'])).toEqual([]);
    expect(rules.indexOn(['nothing', 'here'])).toEqual([]);
  });

  it('closedRules denies everything', () => {
    expect(
      closedRules.canRead({ path: [], root: null!, auth: null, query: null, now: 0 }).allowed,
    ).toBe(false);
    const write = { paths: [[]], root: null!, newRoot: null!, auth: user('a'), now: 0 };
    expect(closedRules.canWrite(write).allowed).toBe(false);
    expect(closedRules.indexOn(['a'])).toEqual([]);
  });
});
