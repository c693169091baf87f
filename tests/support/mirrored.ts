/**
 * Waiting for the mirror process (scripts/stack/mirror.ts) after a fixture's admin writes: an
 * instance's rules read their own copies of the directory's records, so a conversation placed
 * away from the directory is served once its mirror landed. The app waits for a late mirror
 * itself (`listenPlaced`); a fixture waits here instead, so a suite starts from a settled state.
 */
import { dbRest } from '../../scripts/stack/admin';
import { instanceTarget } from '../../scripts/stack/instances';
import { getBackend } from './backend';

/** The mirror copies a record's placement, friendship or group and profiles in one update. */
const MIRROR_WAIT_MS = 20_000;

/** Polls until each `placement/{kind}/{id}` naming an instance but the directory is there. */
export async function placementsMirrored(
  placements: readonly { path: string; instance: number }[],
): Promise<void> {
  const away = placements.filter(({ instance }) => instance > 0);
  const deadline = Date.now() + MIRROR_WAIT_MS;
  for (;;) {
    const found = await Promise.all(
      away.map(({ path, instance }) => dbRest(instanceTarget(getBackend(), instance), 'GET', path)),
    );
    const missing = away.filter((_, i) => found[i] === null);
    if (missing.length === 0) return;
    if (Date.now() > deadline) {
      const names = missing.map(({ path, instance }) => `${path} on ${String(instance)}`);
      throw new Error(`Not mirrored within ${String(MIRROR_WAIT_MS)} ms: ${names.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The placements a root update of the directory writes, each once mirrored where it names. */
export function mirroredPlacements(update: Record<string, unknown>): Promise<void> {
  const placements = Object.entries(update).flatMap(([path, value]) => {
    const instance = (value as { instance?: unknown } | null)?.instance;
    return path.startsWith('placement/') && typeof instance === 'number'
      ? [{ path, instance }]
      : [];
  });
  return placementsMirrored(placements);
}
