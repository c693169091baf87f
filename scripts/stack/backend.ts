import { execFileSync } from 'node:child_process';
import { startAuthAutosave } from './auth-autosave';
import {
  enableEmailPrivacy,
  startFirebaseEmulators,
  type FirebaseEmulators,
} from './auth-emulator';
import { startLocalDatabase } from './database-emulator';
import { instanceNamespace } from './instances';
import type { ManagedProcess } from './process';

export interface BackendOptions {
  projectId: string;
  host: string;
  authPort: number;
  dbPort: number;
  rulesFile: string;
  /** Use firebase-tools' official (Java 21) RTDB emulator instead of ours. */
  official: boolean;
  /** Persistence: our emulator's data file, and firebase-tools' export folder. */
  dataFile?: string;
  authPersistDir?: string;
  officialPersistDir?: string;
  /** The emulators stop (saving their data) when this process disappears; default: this one. */
  parentPid?: number;
  /**
   * The database instances (scripts/stack/instances.ts): ours serves any namespace with the
   * rules; the official emulator is given the rules for each of these namespaces.
   */
  instances?: number;
  /** Tests only: our emulator's `/.test/` controls (ignored by the official one). */
  testControls?: boolean;
  log?: (line: string) => void;
}

export interface Backend {
  projectId: string;
  authHost: string;
  dbHost: string;
  dbNamespace: string;
  /** The emulator processes (each leads its own process group). */
  pids: number[];
  stop(): Promise<void>;
}

export function assertJava21(): void {
  let text: string;
  try {
    text = execFileSync('java', ['-version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const stderr = (err as { stderr?: unknown }).stderr;
    text = typeof stderr === 'string' ? stderr : '';
  }
  const major = Number(/version "(\d+)/.exec(text)?.[1] ?? 0);
  if (major < 21) {
    throw new Error(
      'The official database emulator needs Java 21 or newer ' +
        (major ? `(found Java ${major}). ` : '(no `java` on PATH). ') +
        'Install a JDK 21, or drop --official to use the bundled local emulator.',
    );
  }
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const processes: ManagedProcess[] = [];
  let autosave: { stop(): Promise<void> } | undefined;
  const stop = async () => {
    await autosave?.stop();
    // The database first: auth-driven listeners are irrelevant once data is gone.
    for (const p of processes.reverse()) await p.stop();
  };
  const parentPid = options.parentPid ?? process.pid;
  const directory = {
    projectId: options.projectId,
    dbNamespace: `${options.projectId}-default-rtdb`,
  };
  let firebase: FirebaseEmulators;
  let persistDir: string | undefined;
  try {
    if (options.official) {
      assertJava21();
      persistDir = options.officialPersistDir;
      firebase = await startFirebaseEmulators(
        [
          { name: 'auth', port: options.authPort },
          { name: 'database', port: options.dbPort },
        ],
        {
          host: options.host,
          projectId: options.projectId,
          rules: {
            file: options.rulesFile,
            namespaces: Array.from({ length: options.instances ?? 1 }, (_, n) =>
              instanceNamespace(directory, n),
            ),
          },
          persistDir,
          parentPid,
          log: options.log,
        },
      );
      processes.push(firebase);
    } else {
      persistDir = options.authPersistDir;
      const [auth, db] = await Promise.all([
        startFirebaseEmulators([{ name: 'auth', port: options.authPort }], {
          host: options.host,
          projectId: options.projectId,
          persistDir,
          parentPid,
          log: options.log,
        }),
        startLocalDatabase({
          host: options.host,
          port: options.dbPort,
          rulesFile: options.rulesFile,
          dataFile: options.dataFile,
          parentPid,
          testControls: options.testControls,
          log: options.log,
        }),
      ]);
      processes.push(auth, db);
      firebase = auth;
    }
    const authHost = `${options.host}:${options.authPort}`;
    await enableEmailPrivacy(authHost, options.projectId);
    if (persistDir) {
      autosave = await startAuthAutosave({
        authHost,
        hubHost: firebase.hubHost,
        projectId: options.projectId,
        dir: persistDir,
        targets: options.official ? ['auth', 'database'] : ['auth'],
        log: options.log,
      });
    }
    return {
      projectId: options.projectId,
      authHost,
      dbHost: `${options.host}:${options.dbPort}`,
      dbNamespace: directory.dbNamespace,
      pids: processes.flatMap((p) => (p.child.pid === undefined ? [] : [p.child.pid])),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
