import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { RulesSyntaxError } from './rules/contract';
import { persistenceFlags } from './persistence/flags';
import { startEmulator } from './server';
import { watchParent } from './parent-watch';

const USAGE =
  'Usage: npm run emulator -- --port <port> [--host 127.0.0.1] [--rules <file>] [--data <file> [--compact-mb 16] [--group-commit-ms 2]] [--test-controls]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9000' },
      host: { type: 'string', default: '127.0.0.1' },
      rules: { type: 'string' },
      data: { type: 'string' },
      'compact-mb': { type: 'string' },
      'group-commit-ms': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      'exit-with-parent': { type: 'string' },
      'test-controls': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid --port ${values.port}`);
  const rulesText = values.rules === undefined ? undefined : await readFile(values.rules, 'utf8');
  const emulator = await startEmulator({
    host: values.host,
    port,
    rulesText,
    dataFile: values.data,
    persistence: persistenceFlags(values),
    testControls: values['test-controls'],
    log: (line) => {
      if (!values.quiet || line.startsWith('listening on')) console.log(line);
    },
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping`);
    emulator.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`error while stopping: ${String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (values['exit-with-parent'])
    watchParent(Number(values['exit-with-parent']), () => stop('parent gone'));
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  const what = e instanceof RulesSyntaxError ? 'rules file does not parse: ' : '';
  console.error(`emulator failed to start: ${what}${message}`);
  process.exit(1);
});
