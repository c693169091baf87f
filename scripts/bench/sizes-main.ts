/**
 * `npx tsx scripts/bench/sizes-main.ts`: section 1 of `npm run bench` alone (the JavaScript of
 * /login and of the signed-in home), on a fresh stack and a small database.
 */
import { launchBrowser } from './browser';
import { visit } from './dashboard';
import { seedSmall } from './datasets';
import { benchPassword, shape } from './seed';
import { startBenchStack } from './stack';
import { kb } from './report';
import { printScripts } from './summary';

const stack = await startBenchStack((line) => console.log(`[sizes] ${line}`));
const browser = await launchBrowser();
try {
  const data = await seedSmall(stack.target);
  const small = await visit(browser, {
    appUrl: stack.appUrl,
    outDir: stack.outDir,
    password: benchPassword,
    email: data.me.email,
    friends: shape.friends,
  });
  printScripts(stack.outDir, small);
  for (const [screen, set] of Object.entries({
    login: small.loginScripts,
    home: small.homeScripts,
  })) {
    console.log(`\n   Every chunk of ${screen} (gzip)`);
    for (const c of set.chunks) console.log(`   ${kb(c.gzip).padStart(9)}  ${c.file}`);
  }
} finally {
  await browser.close();
  await stack.stop();
}
process.exit(0);
