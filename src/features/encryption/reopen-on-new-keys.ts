import type { AppStartListening } from '../../store/store';
import { selectKeysRevision } from './encryption-slice';

/**
 * Opens a live query now, and again each time this device may open more old messages (approved
 * from another device, or the recovery key entered: `keysRevision`), so what it showed as
 * 'Encrypted on another device' is opened again at once rather than at its next change. Returns
 * how to close it, for `whileSignedIn`.
 */
export function openAgainOnNewKeys(start: AppStartListening, open: () => () => void): () => void {
  let close = open();
  const unlisten = start({
    predicate: (_action, current, previous) =>
      selectKeysRevision(current) !== selectKeysRevision(previous),
    effect: () => {
      close();
      close = open();
    },
  });
  return () => {
    unlisten();
    close();
  };
}
