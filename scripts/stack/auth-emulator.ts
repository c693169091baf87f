import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from './ports';
import { bin, localDir, repoRoot } from './paths';
import { spawnManaged, type ManagedProcess } from './process';

export interface EmulatorOptions {
  host: string;
  projectId: string;
  /** Keeps accounts across restarts (firebase-tools import / export-on-exit). */
  persistDir?: string;
  log?: (line: string) => void;
}

/** A firebase.json of its own, so hub/logging ports never collide with another stack. */
async function writeConfig(name: string, emulators: Record<string, unknown>, database?: string) {
  const dir = join(localDir, 'run');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `firebase.${name}.${process.pid}.json`);
  const config = {
    ...(database ? { database: { rules: database } } : {}),
    emulators: {
      ...emulators,
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
    },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** Runs `firebase emulators:start` for the given emulators, waiting until each answers HTTP. */
export async function startFirebaseEmulators(
  only: Array<{ name: 'auth' | 'database'; port: number }>,
  options: EmulatorOptions & { rulesFile?: string },
): Promise<ManagedProcess> {
  const emulators = Object.fromEntries(
    only.map(({ name, port }) => [name, { host: options.host, port }]),
  );
  const config = await writeConfig(only.map((o) => o.name).join('-'), emulators, options.rulesFile);
  const args = [
    'emulators:start',
    '--only',
    only.map((o) => o.name).join(','),
    '--project',
    options.projectId,
    '--config',
    config,
  ];
  if (options.persistDir) {
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.persistDir);
    }
    args.push('--export-on-exit', options.persistDir);
  }
  const output: string[] = [];
  const proc = spawnManaged('firebase emulators', bin('firebase'), args, {
    cwd: repoRoot,
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    onLine: (line) => {
      output.push(line);
      options.log?.(line);
    },
  });
  let exited = false;
  void proc.exited.then(() => (exited = true));
  for (const { name, port } of only) {
    await waitFor(
      `the ${name} emulator on port ${port}`,
      async () => {
        if (exited) throw new FatalStartError(output.join('\n'));
        const res = await fetch(`http://${options.host}:${port}/`);
        return res.status < 500 ? true : undefined;
      },
      90_000,
    ).catch((err: unknown) => {
      void proc.stop();
      throw err instanceof FatalStartError
        ? new Error(`firebase emulators:start exited early:\n${err.message}`)
        : err;
    });
  }
  return proc;
}

class FatalStartError extends Error {}

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
