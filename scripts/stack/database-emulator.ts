import { bin, repoRoot } from './paths';
import { spawnManaged, type ManagedProcess } from './process';

/** Starts the project's own RTDB emulator (emulator/) as a child process. */
export async function startLocalDatabase(options: {
  host: string;
  port: number;
  rulesFile: string;
  dataFile?: string;
  log?: (line: string) => void;
}): Promise<ManagedProcess> {
  const args = [
    'emulator/src/cli.ts',
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--rules',
    options.rulesFile,
  ];
  if (options.dataFile) args.push('--data', options.dataFile);
  const output: string[] = [];
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const proc = spawnManaged('database emulator', bin('tsx'), args, {
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
