import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOMAINS, namedAfter } from '../../scripts/check/domains';
import {
  misnamedRulesFiles,
  misnamedRulesTests,
  rulesDocProblems,
} from '../../scripts/check/rules';

const tsFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.ts'));
const sources = tsFiles('rules');
const doc = readFileSync('docs/rules.md', 'utf8');

describe('rules files named after their domain (npm run rules:check)', () => {
  it('finds every file of rules/ and tests/rules/ named as it should be', () => {
    expect(sources).toContain('conversations-direct.ts');
    expect(misnamedRulesFiles(sources)).toEqual([]);
    expect(misnamedRulesTests(tsFiles('tests/rules'))).toEqual([]);
  });

  it('refuses a rules file named after no domain, or with a test prefix', () => {
    expect(misnamedRulesFiles([...sources, 'messages.ts', 'rules-extra.ts'])).toEqual([
      expect.stringMatching(/^rules\/messages\.ts does not start with a domain name/),
      expect.stringMatching(/^rules\/rules-extra\.ts does not start with a domain name/),
    ]);
  });

  it('refuses a rules test named after no domain; accepts rules- and migrations- tests', () => {
    const files = ['group-inbox.test.ts', 'rules-env.ts', 'migrations-x.test.ts', 'inbox.test.ts'];
    expect(misnamedRulesTests(files)).toEqual([
      expect.stringMatching(/^tests\/rules\/group-inbox\.test\.ts does not start with a domain/),
    ]);
  });

  it('takes a domain alone or followed by a dash, never a longer word', () => {
    expect(namedAfter('groups.ts')).toBe('groups');
    expect(namedAfter('groups-access.ts')).toBe('groups');
    expect(namedAfter('inbox-groups.test.ts')).toBe('inbox');
    expect(namedAfter('groupsX.ts')).toBeUndefined();
    expect(namedAfter('group-inbox.ts')).toBeUndefined();
    expect(DOMAINS).toContain('conversations');
  });
});

describe('docs/rules.md lists every rules file (npm run rules:check)', () => {
  it('lists all of them today', () => {
    expect(rulesDocProblems(sources, doc)).toEqual([]);
  });

  it('fails when the table lacks one file', () => {
    const withoutRow = doc
      .split('\n')
      .filter((line) => !line.includes('`rules/inbox-groups.ts`'))
      .join('\n');
    expect(rulesDocProblems(sources, withoutRow)).toEqual([
      'docs/rules.md does not list rules/inbox-groups.ts in its table',
    ]);
  });

  it('does not count a file named only in the prose', () => {
    const proseOnly =
      doc.replace('| `rules/settings.ts`', '| settings') + '\nSee `rules/settings.ts`.';
    expect(rulesDocProblems(sources, proseOnly)).toEqual([
      'docs/rules.md does not list rules/settings.ts in its table',
    ]);
  });

  it('fails when the table names a file that is gone', () => {
    const stale = doc.replace('`rules/friends.ts`', '`rules/relationships.ts`');
    expect(rulesDocProblems(sources, stale)).toEqual([
      'docs/rules.md does not list rules/friends.ts in its table',
      'docs/rules.md lists rules/relationships.ts, which does not exist',
    ]);
  });
});
