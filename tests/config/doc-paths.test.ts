// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { missingDocPaths, pathOf, rowsNamingNoFile } from '../../scripts/check/doc-paths';

const index = {
  paths: new Set([
    'src',
    'src/features',
    'src/features/auth',
    'src/lib/firebase/auth/gateway.ts',
    'docs/rules.md',
  ]),
  names: new Set(['auth.ts', 'rules.md']),
};

describe('the docs path check', () => {
  it('takes repository paths from code spans and links, and leaves commands, placeholders and URLs', () => {
    expect(pathOf('src/lib/firebase/auth/gateway.ts')).toBe('src/lib/firebase/auth/gateway.ts');
    expect(pathOf('scripts/soak/')).toBe('scripts/soak/');
    expect(pathOf('../src/features/auth/')).toBe('../src/features/auth/');
    expect(pathOf('auth.ts:12')).toBe('auth.ts');
    expect(pathOf('rules.md#allow')).toBe('rules.md');
    for (const other of [
      'npm run check',
      'src/features/X/X-slice.ts',
      '<folder>-strings.ts',
      'https://example.com/a.md',
      '.local/database.json',
      '/.settings/rules.json',
      '.tsx',
      'NNN-name.ts',
    ])
      expect(pathOf(other), other).toBeNull();
  });

  it('names each missing path with its line, resolving from the doc, the root and src/', () => {
    const doc = {
      path: 'docs/architecture.md',
      text: [
        'The gateway `src/lib/firebase/auth/gateway.ts` and [the rules](rules.md).',
        'Once `src/lib/firebase/search.ts`, now `auth.ts` and `features/auth`.',
        'Gone: `deferred-auth.ts`.',
        'The map: [auth](../src/features/auth/), [gone](../src/features/gone/).',
      ].join('\n'),
    };
    expect(missingDocPaths([doc], index)).toEqual([
      'docs/architecture.md:2 names src/lib/firebase/search.ts, which does not exist',
      'docs/architecture.md:3 names deferred-auth.ts, which does not exist',
      'docs/architecture.md:4 names ../src/features/gone/, which does not exist',
    ]);
  });

  it('fails a domain table row that names no existing file', () => {
    const doc = {
      path: 'docs/architecture.md',
      text: [
        '| feature | owns |',
        '| ------- | ---- |',
        '| `features/auth` | sign-in |',
        '| `features/gone` | `gone-slice.ts` |',
        '',
        '| part | where |',
        '| ---- | ----- |',
        '| slice | `src/features/X/X-slice.ts` |',
      ].join('\n'),
    };
    expect(rowsNamingNoFile(doc, index)).toEqual([
      "docs/architecture.md:4: the row '`features/gone`' names no existing file",
    ]);
  });
});
