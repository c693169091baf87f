import { extractedCli } from './extracted-cli';

/** The last commit before the journal: its `--data` rewrote the whole file 100 ms after writes. */
export const WHOLE_FILE_COMMIT = 'fe44db335655e1911fdc48496257d6b212edf3c1';

/**
 * The emulator of `WHOLE_FILE_COMMIT`, for the group-commit against whole-file comparison.
 * Returns its CLI's path relative to the repository, or null outside a git checkout.
 */
export const wholeFileStoreCli = (): string | null => extractedCli(WHOLE_FILE_COMMIT);
