import { repoRoot } from './paths';
import { spawnManaged, type ManagedProcess } from './process';

/** Starts the project's own RTDB emulator (emulator/) as a child process. */
export async function startLocalDatabase(options: {
  host: string;
  port: number;
  rulesFile: string;
  dataFile?: string;
  /** The emulator closes, flushing its data, when this process disappears. */
  parentPid?: number;
  /** Tests only: the emulator's `/.test/` controls (emulator/README.md, "Test controls"). */
  testControls?: boolean;
  log?: (line: string) => void;
}): Promise<ManagedProcess> {
  // Plain node with tsx's loader: no tsx wrapper process between us and the emulator.
  const args = [
    '--import',
    'tsx',
    'emulator/src/cli.ts',
    '--exit-with-parent',
    String(options.parentPid ?? process.pid),
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--rules',
    options.rulesFile,
  ];
  if (options.dataFile) args.push('--data', options.dataFile);
  if (options.testControls) args.push('--test-controls');
  const output: string[] = [];
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const proc = spawnManaged('database emulator', process.execPath, args, {
    cwd: repoRoot,
    onLine: (line) => {
      output.push(line);
      options.log?.(line);
      if (line.includes('listening on')) resolveReady();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    proc.exited.then(() => 'exited' as const),
    new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), 30_000))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    await proc.stop();
    throw new Error(
      `The local database emulator did not start (${outcome}):\n${output.join('\n')}`,
    );
  }
  return proc;
}
