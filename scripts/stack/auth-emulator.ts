import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasExport, recoverInterruptedExport } from './export-recovery';
import { freePort } from './ports';
import { localDir, repoRoot } from './paths';
import { spawnManaged, type ManagedProcess } from './process';

export interface EmulatorOptions {
  host: string;
  projectId: string;
  /** Keeps accounts across restarts (firebase-tools import / export-on-exit). */
  persistDir?: string;
  /** firebase-tools stops (exporting) when this process disappears; default: this process. */
  parentPid?: number;
  log?: (line: string) => void;
}

/** One rules file for each of these database namespaces (the project's instances). */
export interface DatabaseRules {
  file: string;
  namespaces: string[];
}

export interface FirebaseEmulators extends ManagedProcess {
  /** The emulator hub (host:port), which runs exports. */
  hubHost: string;
}

const firebaseCli = join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
const exitWithParent = pathToFileURL(join(repoRoot, 'scripts', 'stack', 'exit-with-parent.mjs'));
/** How long firebase-tools may take to say it is ready before the start is given up. */
const readyWithinMs = 240_000;

/** A firebase.json of its own, so hub/logging ports never collide with another stack. */
async function writeConfig(
  name: string,
  emulators: Record<string, unknown>,
  rules?: DatabaseRules,
) {
  const dir = join(localDir, 'run');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `firebase.${name}.${process.pid}.json`);
  const hubPort = await freePort();
  const config = {
    // The array form, one entry per namespace, as firebase.json lists a project's instances.
    ...(rules
      ? { database: rules.namespaces.map((instance) => ({ instance, rules: rules.file })) }
      : {}),
    emulators: {
      ...emulators,
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
    },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return { file, hubHost: `127.0.0.1:${hubPort}` };
}

/**
 * Runs `firebase emulators:start` for the given emulators and resolves once firebase-tools
 * says all are ready: only then has it imported saved data (its ports open before that).
 */
export async function startFirebaseEmulators(
  only: Array<{ name: 'auth' | 'database'; port: number }>,
  options: EmulatorOptions & { rules?: DatabaseRules },
): Promise<FirebaseEmulators> {
  const emulators = Object.fromEntries(
    only.map(({ name, port }) => [name, { host: options.host, port }]),
  );
  const names = only.map((o) => o.name).join(',');
  const { file, hubHost } = await writeConfig(names.replace(',', '-'), emulators, options.rules);
  const args = ['emulators:start', '--only', names, '--project', options.projectId];
  args.push('--config', file);
  let cwd = repoRoot;
  const env: NodeJS.ProcessEnv = {
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    CHAT_STACK_PARENT_PID: String(options.parentPid ?? process.pid),
  };
  if (options.persistDir) {
    // firebase-tools exports through temporary folders in its working directory and keeps its
    // hub locator in the temp directory: both stay inside the local data folder.
    cwd = join(localDir, 'run', 'firebase-work');
    mkdirSync(cwd, { recursive: true });
    env.TMPDIR = cwd;
    recoverInterruptedExport(options.persistDir, cwd);
    if (hasExport(options.persistDir)) args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const output: string[] = [];
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const nodeArgs = ['--import', exitWithParent.href, firebaseCli, ...args];
  const proc = spawnManaged('firebase emulators', process.execPath, nodeArgs, {
    cwd,
    env,
    onLine: (line) => {
      output.push(line);
      options.log?.(line);
      if (line.includes('All emulators ready')) resolveReady();
    },
  });
  void proc.exited.then(() => rmSync(file, { force: true }));
  // firebase-tools alone takes 10-20 s to start on a quiet machine and over 90 s on a busy one
  // (seen at a load average of 20); it is given time as long as it is alive.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    proc.exited.then(() => 'exited' as const),
    new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), readyWithinMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    await proc.stop();
    const why =
      outcome === 'exited'
        ? 'exited early'
        : `was not ready within ${String(readyWithinMs / 1000)} s`;
    throw new Error(`firebase emulators:start ${why}:\n${output.join('\n')}`);
  }
  return Object.assign(proc, { hubHost });
}

/**
 * Production projects created since 2023 have e-mail enumeration protection on; the emulator
 * does not by default. Turning it on makes wrong passwords and unknown e-mails look alike.
 */
export async function enableEmailPrivacy(authHost: string, projectId: string): Promise<void> {
  const res = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!res.ok) throw new Error(`Could not configure the Auth emulator: ${await res.text()}`);
}
