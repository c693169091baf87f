/**
 * firebase-tools only exports accounts on a clean exit. This exports them through the emulator
 * hub about a second after they change, so a crash loses at most the last second or so.
 */
import { createHash } from 'node:crypto';

export interface AutosaveOptions {
  authHost: string;
  hubHost: string;
  projectId: string;
  /** The export folder firebase-tools imports from at the next start. */
  dir: string;
  /** Emulators of that firebase-tools process: an export replaces the whole folder. */
  targets: string[];
  intervalMs?: number;
  log?: (line: string) => void;
}

async function accountsDigest(authHost: string, projectId: string): Promise<string> {
  const url = `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:query`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ returnUserInfo: true }),
  });
  if (!res.ok) throw new Error(`accounts:query failed (${res.status})`);
  return createHash('sha256')
    .update(await res.text())
    .digest('hex');
}

async function exportNow(options: AutosaveOptions): Promise<void> {
  const res = await fetch(`http://${options.hubHost}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: options.dir, initiatedBy: 'autosave', targets: options.targets }),
  });
  if (!res.ok) throw new Error(`export failed (${res.status}): ${await res.text()}`);
}

export async function startAuthAutosave(
  options: AutosaveOptions,
): Promise<{ stop(): Promise<void> }> {
  const interval = options.intervalMs ?? 1000;
  // The state just imported (or empty): already saved.
  let saved = await accountsDigest(options.authHost, options.projectId);
  let stopped = false;
  const active = () => !stopped; // A function: `stopped` changes while we await.
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (active()) {
      try {
        const digest = await accountsDigest(options.authHost, options.projectId);
        if (digest !== saved && active()) {
          await exportNow(options);
          saved = digest;
        }
      } catch (err) {
        if (active()) options.log?.(`account autosave: ${String(err)}`);
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, interval);
      });
    }
  })();
  return {
    /** Waits for an export in progress, so it never races firebase-tools' export on exit. */
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
