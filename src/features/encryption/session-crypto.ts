import type { KeyStores } from './conversation-crypto';

/**
 * The encryption session's crypto (conversation-crypto.ts), loaded when a session is opened: it
 * is part of the database chunk, which is in by then (every signed-in listener waits for it), so
 * it costs no request of its own and nothing on home's first screen (docs/architecture.md).
 */
export const loadSessionCrypto = () => import('./conversation-crypto');

/**
 * This device's key stores, made with the crypto's first load (`browser`: keyStoresFor); the
 * ones `given` (a test's) are used as they are.
 */
export function keyStoresOnLoad(given: Partial<KeyStores>, browser: boolean) {
  let stores: Promise<KeyStores> | null = null;
  return (): Promise<KeyStores> =>
    (stores ??= loadSessionCrypto().then(
      ({ keyStoresFor }) => {
        const made = keyStoresFor(browser);
        return {
          vault: given.vault ?? made.vault,
          pins: given.pins ?? made.pins,
          sendingLog: given.sendingLog ?? made.sendingLog,
        };
      },
      (error: unknown) => {
        stores = null;
        throw error;
      },
    ));
}
