import { describe, expect, it } from 'vitest';
import { evaluates, user } from './rules-helpers';

// Paths built by concatenation are split once at compile time (rules/child-path.ts) and the
// repeated subexpressions of a rule evaluated once (rules/repeats.ts): the results must be those
// of building the path text and splitting it, whatever the dynamic parts hold.
// `evaluates` runs the expression as the .write rule of /$a/$b, written at /x/y.
const data = {
  x: { y: { name: 'Ann', tags: { a: true } } },
  n: { '5': 'five', '-1': 'minus one' },
};
const check = (expression: string, value: unknown): boolean =>
  evaluates(expression, { data, value, auth: user('y') });

describe('child paths built by concatenation', () => {
  it.each([
    ["root.child('x/' + $b + '/name').val() == 'Ann'", 'v', true],
    ["root.child($a + '/' + $b + '/tags/a').val() == true", 'v', true],
    ["root.child('/x//' + auth.uid + '/name/').val() == 'Ann'", 'v', true],
    // A part holding a '/' or nothing splits as the whole text would.
    ["root.child('x/' + newData.val() + '/a').val() == true", 'y/tags', true],
    ["root.child('x/' + newData.val() + '/y/name').val() == 'Ann'", '', true],
    // Numbers become their decimal text.
    ["root.child('n/' + newData.val()).val() == 'five'", 5, true],
    ["root.child('n/' + newData.val()).val() == 'minus one'", -1, true],
    // A part sharing its segment with other text is not a segment of its own.
    ["root.child('x/' + $b + 'z').exists()", 'v', false],
    ["root.child('x/' + 'y' + '/name').val() == 'Ann'", 'v', true],
    ["root.hasChild('x/' + $b + '/tags/a')", 'v', true],
    ["root.child('x/' + $b).hasChild('tags/' + newData.val())", 'a', true],
    ["root.child('x/' + $b).hasChild('tags/' + newData.val())", 'b', false],
    ["root.child('x/' + $b + '/name').val() == root.child('x/' + $b + '/name').val()", 'v', true],
    // An object's val() equals nothing, not even the same val() again.
    ["root.child('x/' + $b).val() == root.child('x/' + $b).val()", 'v', false],
    ["root.child('x/' + $b).val() != root.child('x/' + $b).val()", 'v', true],
  ])('%s with newData %j → %s', (expression, value, expected) => {
    expect(check(expression, value)).toBe(expected);
  });

  it.each([
    ["root.child('x/' + newData.val()).exists()", 'a.b'],
    ["root.child('x/' + newData.val()).exists()", 'a#b'],
    ["root.child('x/' + newData.val()).exists()", 1.5],
    ["root.child('x/' + newData.val()).exists()", true],
    ["root.hasChild('x/' + newData.val())", 'a$b'],
    ["root.child('x/' + auth.token.missing).exists()", 'v'],
    ["root.parent().child('x/' + $b).exists()", 'v'],
  ])('errors (so the rule is false): %s with newData %j', (expression, value) => {
    expect(check(expression, value)).toBe(false);
    expect(check(`!(${expression})`, value)).toBe(false);
  });
});
