import { describe, expect, it } from 'vitest';
import { canRead, evaluates, NOW, rulesOf, user } from './rules-helpers';

// `evaluates` runs the expression as the .write rule of /$a/$b, written at /x/y.
describe('variables', () => {
  it('auth is null when signed out, and its missing fields read as null', () => {
    expect(evaluates('auth == null')).toBe(true);
    expect(evaluates('auth.uid == null')).toBe(true);
    expect(evaluates("auth.uid !== 'x'")).toBe(true);
    expect(evaluates('auth.token.email == null')).toBe(true);
    expect(evaluates('auth != null', { auth: user('u1') })).toBe(true);
    expect(evaluates('auth != null')).toBe(false);
  });

  it('exposes uid, provider and every token claim, nested ones included', () => {
    const auth = user('u1', { email: 'a@b.c', email_verified: true, admin: true, n: 3 });
    expect(evaluates("auth.uid == 'u1' && auth.provider == 'password'", { auth })).toBe(true);
    expect(evaluates("auth.token.email == 'a@b.c' && auth.token.email_verified", { auth })).toBe(
      true,
    );
    expect(evaluates('auth.token.admin === true && auth.token.n > 2', { auth })).toBe(true);
    expect(evaluates("auth.token.firebase.sign_in_provider == 'password'", { auth })).toBe(true);
    expect(evaluates("auth.token['email'] == 'a@b.c'", { auth })).toBe(true);
    expect(evaluates('auth.token.missing.deeper == null', { auth })).toBe(true);
    expect(evaluates('auth.token.email_verified', { auth: user('u2') })).toBe(false);
  });

  it('does not expose JavaScript internals through member access', () => {
    const auth = user('u1');
    expect(evaluates('auth.constructor == null && auth.token.toString == null', { auth })).toBe(
      true,
    );
  });

  it('$ variables hold the captured keys', () => {
    expect(evaluates("$a == 'x' && $b == 'y'")).toBe(true);
    expect(evaluates("$a == 'y'")).toBe(false);
    expect(evaluates('auth.uid == $b', { auth: user('y') })).toBe(true);
  });

  it('now is the request time in milliseconds', () => {
    expect(evaluates(`now == ${NOW}`)).toBe(true);
    expect(evaluates('newData.val() <= now', { value: NOW - 1 })).toBe(true);
    expect(evaluates('newData.val() <= now', { value: NOW + 1 })).toBe(false);
  });

  it('root, data and newData look at the right places', () => {
    const data = { x: { y: 'old', z: 1 }, config: { open: true } };
    expect(evaluates("data.val() == 'old' && newData.val() == 'new'", { data, value: 'new' })).toBe(
      true,
    );
    expect(evaluates("root.child('config/open').val() == true", { data })).toBe(true);
    expect(evaluates("newData.parent().child('z').val() == 1", { data })).toBe(true);
    expect(evaluates('data.parent().parent().exists()', { data })).toBe(true);
  });
});

describe('query-based read rules', () => {
  const rules = rulesOf({
    items: {
      '.read':
        "auth != null && query.orderByChild == 'owner' && query.equalTo == auth.uid && query.limitToFirst <= 10",
    },
    feed: { '.read': 'query.orderByKey && query.limitToLast != null && query.startAt == null' },
    all: { '.read': '!query.orderByPriority && query.orderByChild == null && !query.orderByValue' },
  });

  it('allows only the queries the rule describes', () => {
    const auth = user('u1');
    const mine = { orderByChild: 'owner', equalTo: 'u1', limitToFirst: 5 };
    expect(canRead(rules, '/items', null, { auth, query: mine })).toBe(true);
    expect(canRead(rules, '/items', null, { auth, query: { ...mine, equalTo: 'u2' } })).toBe(false);
    expect(canRead(rules, '/items', null, { auth, query: { ...mine, limitToFirst: 50 } })).toBe(
      false,
    );
    expect(canRead(rules, '/items', null, { auth })).toBe(false);
    expect(canRead(rules, '/feed', null, { query: { orderByKey: true, limitToLast: 3 } })).toBe(
      true,
    );
    expect(canRead(rules, '/feed', null, { query: { orderByValue: true, limitToLast: 3 } })).toBe(
      false,
    );
  });

  it('treats a plain listen as having no ordering, bounds or limits', () => {
    expect(canRead(rules, '/all', null)).toBe(true);
    expect(canRead(rules, '/all', null, { query: { orderByValue: true } })).toBe(false);
  });
});

describe('snapshot methods', () => {
  const data = {
    x: {
      y: {
        name: 'Ann',
        age: 30,
        ok: false,
        tags: { a: true },
        '.priority': 7,
      },
    },
  };
  it.each([
    ["data.child('name').val() == 'Ann'", true],
    ["data.child('tags/a').val() == true", true],
    ["data.child('/tags//a/').exists()", true],
    ["data.child('nope/deeper').exists()", false],
    ["data.child('nope').val() == null", true],
    ['data.val() != null', true],
    ['data.val() == data.val()', false],
    ["data.parent().child('y').hasChild('name')", true],
    ["data.hasChild('tags/a') && !data.hasChild('tags/b')", true],
    ['data.hasChildren()', true],
    ["data.child('name').hasChildren()", false],
    ["data.hasChildren(['name', 'age'])", true],
    ["data.hasChildren(['name', 'missing'])", false],
    ['data.hasChildren([$b]) == false && data.parent().hasChildren([$b])', true],
    ['data.exists() && !root.child("zzz").exists()', true],
    ['data.getPriority() == 7', true],
    ["data.child('name').getPriority() == null", true],
    ["data.child('age').isNumber() && !data.child('age').isString()", true],
    ["data.child('name').isString() && !data.child('name').isBoolean()", true],
    ["data.child('ok').isBoolean() && !data.child('ok').isNumber()", true],
    ['data.isString() || data.isNumber() || data.isBoolean()', false],
  ])('%s → %s', (expression, expected) => {
    expect(evaluates(expression, { data })).toBe(expected);
  });

  it.each([
    'root.parent().exists()',
    "data.child('a.b').exists()",
    "data.child('').exists()",
    'data.child(auth.uid).exists()',
    'data.hasChildren([auth.uid])',
    "data.val().contains('x')",
    'data.val().length > 0',
  ])('errors (so the rule is false): %s', (expression) => {
    expect(evaluates(expression, { data })).toBe(false);
    expect(evaluates(`!(${expression})`, { data })).toBe(false);
  });
});

describe('string methods and properties', () => {
  it.each([
    ["'hello'.length == 5", true],
    ["''.length == 0", true],
    ["'hello'.contains('ell')", true],
    ["'hello'.contains('xyz')", false],
    ["'hello'.beginsWith('he') && !'hello'.beginsWith('lo')", true],
    ["'hello'.endsWith('lo') && !'hello'.endsWith('he')", true],
    ["'a.b.c'.replace('.', '/') == 'a/b/c'", true],
    ["'a$b'.replace('$', '$&') == 'a$&b'", true],
    ["'MiXeD'.toLowerCase() == 'mixed'", true],
    ["'MiXeD'.toUpperCase() == 'MIXED'", true],
    ["$a.toUpperCase() + $b == 'Xy'", true],
    ["auth.token.email.endsWith('@example.com')", true],
  ])('%s → %s', (expression, expected) => {
    expect(evaluates(expression, { auth: user('u', { email: 'me@example.com' }) })).toBe(expected);
  });

  it.each([
    "'hello'.contains(newData.val())",
    "'hello'.replace('l', newData.val()) == 'x'",
    'auth.uid.contains("a")',
    'auth.uid.length > 0',
    'newData.val().beginsWith("a")',
  ])('errors (so the rule is false): %s', (expression) => {
    expect(evaluates(expression, { value: 5 })).toBe(false);
    expect(evaluates(`!(${expression})`, { value: 5 })).toBe(false);
  });
});

describe('regular expressions', () => {
  const matches = (value: string, regex: string) =>
    evaluates(`newData.val().matches(${regex})`, { value });

  it.each([
    ['foo', '/^foo/', true],
    ['xfoo', '/^foo/', false],
    ['ba', '/a/', true],
    ['ab', '/a$/', false],
    ['', '/^a*$/', true],
    ['aaa', '/^a+$/', true],
    ['', '/^a+$/', false],
    ['aa', '/^a?$/', false],
    ['Firebase', '/^......../', true],
    ['abab', '/^(ab)*$/', true],
    ['bc', '/^(a|bc)$/', true],
    ['D', '/^[ABCDEF]$/', true],
    ['1F9', '/^[0-9A-F]+$/', true],
    ['x', '/^[^0-9]$/', true],
    ['5', '/^[^0-9]$/', false],
    ['a1_ b', '/^\\w\\d\\w\\s\\w$/', true],
    ['!!', '/^\\W\\D$/', true],
    ['a.b', '/^a\\.b$/', true],
    ['axb', '/^a\\.b$/', false],
    ['a/b', '/^a\\/b$/', true],
    ['a-b', '/^[a\\-]+-b$/', true],
    ['abc', '/^[a\\-c]+$/', false],
    ['YES', '/^yes$/i', true],
    ['YES', '/^yes$/', false],
    ['aaa', '/^a{3}$/', true],
    ['aaaa', '/^a{2,3}$/', false],
    ['aaaa', '/^a{2,}$/', true],
    [
      '2024-02-29',
      '/^(19|20)[0-9][0-9][-\\/. ](0[1-9]|1[012])[-\\/. ](0[1-9]|[12][0-9]|3[01])$/',
      true,
    ],
    ['me@Example.COM', '/^[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,4}$/i', true],
    ['a$', '/^a\\$$/', true],
    ['😀', '/^.$/', true],
  ])('%j matches %s → %s', (value, regex, expected) => {
    expect(matches(value, regex)).toBe(expected);
  });

  it('is an error on a non-string', () => {
    expect(evaluates('newData.val().matches(/1/)', { value: 1 })).toBe(false);
  });
});

describe('operators', () => {
  it.each([
    ['1 + 2 == 3', true],
    ["'a' + 'b' == 'ab'", true],
    ["'a' + 1 == 'a1' && 1 + 'a' == '1a'", true],
    ['7 - 2 == 5 && 2 * 3 == 6 && 7 / 2 == 3.5 && 7 % 4 == 3', true],
    ['-(3) == 0 - 3 && --3 == 3', true],
    ["(1 / 0 + '') == 'NaN'", true],
    ['1 / 0 == 1 / 0', false],
    ["1 == '1'", false],
    ["1 != '1'", true],
    ['1 === 1 && 1 !== 2', true],
    ['null == null && null !== false', true],
    ['true == 1', false],
    ['2 > 1 && 2 >= 2 && 1 < 2 && 2 <= 2', true],
    ["'a' < 'b' && 'b' > 'a' && 'ab' >= 'aa'", true],
    ['false && undefinedThing', 'syntax'],
    ['true || (1 / 0 == 1)', true],
    ['false || true && false', false],
    ['(false || true) && true', true],
    ['1 + 2 * 3 == 7 && (1 + 2) * 3 == 9', true],
    ["true ? 'a' == 'a' : false", true],
    ['false ? true : 1 > 2', false],
    ['1 < 2 == true', true],
    ['!false && !!true', true],
    ['1.5e2 == 150 && .5 == 0.5', true],
    ['"\\u0041\\x42\\n" == "AB\\n"', true],
  ])('%s → %s', (expression, expected) => {
    if (expected === 'syntax') {
      expect(() => rulesOf({ '.read': expression })).toThrow(/Unknown variable/);
    } else {
      expect(evaluates(expression)).toBe(expected);
    }
  });

  it('short-circuits so an error on the right does not matter', () => {
    expect(evaluates("false && auth.uid.contains('a')")).toBe(false);
    expect(evaluates("true || auth.uid.contains('a')")).toBe(true);
    expect(evaluates("auth != null && auth.uid.contains('a')", { auth: user('abc') })).toBe(true);
  });

  it.each([
    'auth.uid < 1',
    "auth.token.n < 'a'",
    'auth.uid + 1 == 1',
    'auth.uid - 1 == 1',
    '-auth.uid == 1',
    '!auth.uid',
    'auth.uid && true',
    'auth.uid ? true : true',
    'newData.val() + 1 == 1',
  ])('type errors at run time make the rule false: %s', (expression) => {
    expect(evaluates(expression, { value: { nested: true } })).toBe(false);
  });

  it('a non-boolean result is false, not an error', () => {
    expect(evaluates('auth.uid', { auth: user('u1') })).toBe(false);
    expect(evaluates('newData.val()', { value: 'yes' })).toBe(false);
    expect(evaluates('newData.val()', { value: true })).toBe(true);
  });
});
