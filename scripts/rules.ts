/**
 * Writes database.rules.json from the typed rules in rules/ (`npm run rules`), or with `--check`
 * fails when the committed file differs from what the source generates, a source line is too
 * long to read, a file of rules/ or tests/rules/ is not named after its domain, or docs/rules.md
 * does not list every rules file (`npm run rules:check`, part of `npm run check`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { toJson } from '../rules/builder';
import { rules } from '../rules/index';
import { misnamedRulesFiles, misnamedRulesTests, rulesDocProblems } from './check/rules';
import { repoRoot } from './stack/paths';

const MAX_LINE = 120;
const outputPath = join(repoRoot, 'database.rules.json');
const sourceDir = join(repoRoot, 'rules');
const testsDir = join(repoRoot, 'tests', 'rules');
const docPath = join(repoRoot, 'docs', 'rules.md');

const tsFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.ts'));

async function generate(): Promise<string> {
  const text = JSON.stringify({ rules: toJson(rules) });
  const options = await resolveConfig(outputPath);
  return format(text, { ...options, filepath: outputPath });
}

function longLines(): string[] {
  return tsFiles(sourceDir).flatMap((name) =>
    readFileSync(join(sourceDir, name), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        line.length > MAX_LINE ? [`rules/${name}:${i + 1} (${line.length} chars)`] : [],
      ),
  );
}

async function main() {
  const generated = await generate();
  if (!process.argv.includes('--check')) {
    writeFileSync(outputPath, generated);
    console.log('Wrote database.rules.json from rules/.');
    return;
  }
  const sources = tsFiles(sourceDir);
  const problems = [
    ...longLines().map((where) => `${where} is longer than ${MAX_LINE} characters`),
    ...misnamedRulesFiles(sources),
    ...misnamedRulesTests(tsFiles(testsDir)),
    ...rulesDocProblems(sources, readFileSync(docPath, 'utf8')),
  ];
  if (readFileSync(outputPath, 'utf8') !== generated) {
    problems.push('database.rules.json differs from what rules/ generates: run `npm run rules`.');
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('database.rules.json matches rules/.');
}

await main();
