/**
 * `npm run architecture:check` (part of `npm run check`): fails on an import circle or an upward
 * arrow in src/, an import past a sub-domain folder's faces, a folder of more than 30 modules, a
 * gateway's shapes that load the SDK, a misnamed file, or a feature docs/architecture.md does not list, and prints the
 * figures (scripts/check/architecture.ts says what each check asks).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  crowdedFolders,
  facePassings,
  importCircles,
  importGraph,
  namingProblems,
  sdkInShapes,
  undocumentedFeatures,
  upwardArrows,
  type SourceFile,
} from './check/architecture';
import { missingDocPaths, rowsNamingNoFile, type DocFile, type RepoIndex } from './check/doc-paths';
import { repoRoot } from './stack/paths';

const src = join(repoRoot, 'src');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const paths = walk(src).map((file) => relative(src, file).split('\\').join('/'));
const modules: SourceFile[] = paths
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
  .map((path) => ({ path, text: readFileSync(join(src, path), 'utf8') }));
const graph = importGraph(modules);
const circles = importCircles(graph);
const upward = upwardArrows(graph);
const passings = facePassings(modules);
const crowded = crowdedFolders(modules.map((module) => module.path));
const sdk = sdkInShapes(modules);
const testFiles = (dir: string) => readdirSync(join(repoRoot, 'tests', dir));
const naming = namingProblems(paths, {
  integration: testFiles('integration'),
  e2e: testFiles('e2e'),
});
const features = readdirSync(join(src, 'features'));
const docs = undocumentedFeatures(
  features,
  readFileSync(join(repoRoot, 'docs', 'architecture.md'), 'utf8'),
);

const SKIP = new Set(['node_modules', '.git', 'dist', '.local', 'coverage', 'test-artifacts']);
function repoWalk(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    return entry.isDirectory() ? [path, ...repoWalk(path)] : [path];
  });
}
const repoPaths = repoWalk('');
const index: RepoIndex = {
  paths: new Set(repoPaths),
  names: new Set(repoPaths.map((path) => path.slice(path.lastIndexOf('/') + 1))),
};
const docFiles: DocFile[] = repoPaths
  .filter((path) =>
    /^(README\.md|docs\/.*\.md|emulator\/README\.md|emulator\/docs\/.*\.md)$/.test(path),
  )
  .map((path) => ({ path, text: readFileSync(join(repoRoot, path), 'utf8') }));
const architectureDoc = docFiles.find((doc) => doc.path === 'docs/architecture.md');
const docPaths = [
  ...missingDocPaths(docFiles, index),
  ...(architectureDoc ? rowsNamingNoFile(architectureDoc, index) : []),
];

const arrows = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
console.log(
  `src: ${modules.length} modules, ${arrows} imports, ${circles.length} import circles, ` +
    `${upward.length} upward arrows; ${features.length} features; ` +
    `${docFiles.length} docs, ${docPaths.length} stale paths`,
);
const problems = [
  ...circles.map((circle) => `import circle: ${circle.join(' -> ')}`),
  ...upward.map((arrow) => `upward import: ${arrow}`),
  ...passings.map((arrow) => `import past a folder's index.ts (or shapes.ts): ${arrow}`),
  ...crowded,
  ...sdk,
  ...naming,
  ...docs,
  ...docPaths,
];
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
