/**
 * What `npm run rules:check` asks of the rules tree besides its output: every file in `rules/` and
 * `tests/rules/` is named after its domain, and docs/rules.md lists every rules file.
 * Pure functions of file names and text, so tests can feed them a broken tree.
 */
import { DOMAINS, namedAfter } from './domains';

/** The builder, the shared conditions and the tree's root belong to no one domain. */
export const RULES_INFRASTRUCTURE = ['builder.ts', 'conditions.ts', 'index.ts'];
/** Rules tests that span domains: the tree as a whole (`rules-`) and data migrations. */
export const CROSS_DOMAIN_TEST_PREFIXES = ['rules', 'migrations'];

const DOMAIN_LIST = DOMAINS.join(', ');

/** A problem for each file of `rules/` that is neither infrastructure nor named after a domain. */
export function misnamedRulesFiles(files: readonly string[]): string[] {
  return files
    .filter((file) => !RULES_INFRASTRUCTURE.includes(file) && !namedAfter(file))
    .map((file) => `rules/${file} does not start with a domain name (${DOMAIN_LIST})`);
}

/** A problem for each file of `tests/rules/` named after no domain and no cross-domain prefix. */
export function misnamedRulesTests(files: readonly string[]): string[] {
  const prefixes = [...DOMAINS, ...CROSS_DOMAIN_TEST_PREFIXES];
  return files
    .filter((file) => !namedAfter(file, prefixes))
    .map(
      (file) =>
        `tests/rules/${file} does not start with a domain name (${DOMAIN_LIST}) or ` +
        CROSS_DOMAIN_TEST_PREFIXES.map((prefix) => `${prefix}-`).join(', '),
    );
}

/** The files that the table rows of docs/rules.md name as `` `rules/x.ts` ``. */
function filesInDocTable(doc: string): Set<string> {
  const rows = doc.split('\n').filter((line) => line.trimStart().startsWith('|'));
  return new Set(
    rows.flatMap((row) => [...row.matchAll(/`rules\/([\w.-]+\.ts)`/g)].map((m) => m[1])),
  );
}

/**
 * A problem for each rules file the table of docs/rules.md does not list, and for each row that
 * names a file which is not there (left behind by a rename).
 */
export function rulesDocProblems(files: readonly string[], doc: string): string[] {
  const listed = filesInDocTable(doc);
  const missing = files.filter((file) => !listed.has(file));
  const stale = [...listed].filter((file) => !files.includes(file));
  return [
    ...missing.map((file) => `docs/rules.md does not list rules/${file} in its table`),
    ...stale.map((file) => `docs/rules.md lists rules/${file}, which does not exist`),
  ];
}
