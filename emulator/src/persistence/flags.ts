import type { StoreOptions } from './store';

/** `--compact-mb` and `--group-commit-ms`, checked: a typo must not silently mean "default". */
export function persistenceFlags(flags: {
  'compact-mb'?: string;
  'group-commit-ms'?: string;
}): Omit<StoreOptions, 'log'> {
  const out: Omit<StoreOptions, 'log'> = {};
  const compact = flags['compact-mb'];
  if (compact !== undefined) {
    const mb = Number(compact);
    if (!(mb > 0)) throw new Error(`Invalid --compact-mb ${compact} (a number of megabytes > 0)`);
    out.compactBytes = mb * 1024 * 1024;
  }
  const window = flags['group-commit-ms'];
  if (window !== undefined) {
    const ms = Number(window);
    if (!(ms >= 0 && ms <= 1000))
      throw new Error(`Invalid --group-commit-ms ${window} (0 to 1000 milliseconds)`);
    out.groupCommitMs = ms;
  }
  return out;
}
