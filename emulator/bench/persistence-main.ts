// Runs only the persistence figures: `tsx emulator/bench/persistence-main.ts [--sizes 1,10] [--cli <path>]`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { persistenceBench } from './persistence';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1,10,60,200' },
      cli: { type: 'string', default: 'emulator/src/cli.ts' },
    },
  });
  const dir = await mkdtemp(join(tmpdir(), 'rtdb-bench-persist-'));
  await writeFile(join(dir, 'rules.json'), '{"rules":{".read":true,".write":true}}');
  try {
    await persistenceBench({
      sizesMb: values.sizes.split(',').map(Number),
      dir,
      cli: values.cli,
      journal: values.cli === 'emulator/src/cli.ts',
      rate: 100,
      seconds: 5,
      throughputSeconds: 3,
      print: (l) => console.log(l),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
