// Plain JavaScript on purpose: it must run before `npm install` has provided tsx. `npm start`
// loads it with `--import` ahead of tsx, in the one exec'd node process that receives npm's
// forwarded SIGINT and SIGTERM (a `a && b` script would leave `sh -c` between npm and us).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
const problems = [];
if (major < 20 || (major === 20 && minor < 19)) {
  problems.push(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
}
for (const tool of ['tsx', 'vite', 'firebase']) {
  if (!existsSync(join(root, 'node_modules', '.bin', tool))) {
    problems.push('Dependencies are missing: run `npm install` first.');
    break;
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
