/**
 * A person's home copies (docs/scaling.md, "Each person's own records on their home"): what
 * their own records on their home are checked against there, written on the home and taken from
 * every other instance once the home moved. Part of the mirrors (mirror.ts).
 */
import type { DirectoryReads, MirrorWrite } from './mirror.js';

/** The directory is instance 0: what it holds needs no mirror. */
const DIRECTORY = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a person's own records on their home (presence, prefs, drafts, devices' last use) are
 * checked against there: the home itself (its rules take them only where `homes/{uid}` names
 * `config/self`) and whether others may read their presence. Nothing for a home on the directory.
 */
export async function homeMirror(directory: DirectoryReads, uid: string): Promise<MirrorWrite[]> {
  const [home, showPresence] = await Promise.all([
    directory.get(`homes/${uid}`),
    directory.get(`settings/${uid}/showPresence`),
  ]);
  if (typeof home !== 'number' || !Number.isInteger(home) || home <= DIRECTORY) return [];
  return [
    {
      instance: home,
      changes: { [`homes/${uid}`]: home, [`settings/${uid}/showPresence`]: showPresence },
    },
  ];
}

/**
 * After a person's home moved (`before`, the home the trigger saw replaced, is a number other
 * than the home now): their home's copies taken from every other instance, so the old home's
 * rules no longer take their records there (and nothing stale of them lingers). Every instance
 * with a URL, not only `before`: a copy a missed move left behind goes too, and a home changes
 * rarely. A registration (nothing before) or a write that left the home as it was deletes
 * nothing: N - 1 writes for every person who signs up would buy nothing.
 */
export async function homeLeft(
  directory: DirectoryReads,
  uid: string,
  before: unknown,
): Promise<MirrorWrite[]> {
  if (typeof before !== 'number') return [];
  const [home, urls] = await Promise.all([
    directory.get(`homes/${uid}`),
    directory.get('config/instances/urls'),
  ]);
  if (home === before) return [];
  // Numbered from 1 up, the database may answer them as an array (a null at 0).
  const listed = Array.isArray(urls) || isRecord(urls) ? Object.entries(urls) : [];
  const others = listed
    .filter(([, url]) => url != null)
    .map(([key]) => Number(key))
    .filter((n) => Number.isInteger(n) && n > DIRECTORY && n !== home);
  const gone = { [`homes/${uid}`]: null, [`settings/${uid}/showPresence`]: null };
  return others.sort((a, b) => a - b).map((instance) => ({ instance, changes: gone }));
}
