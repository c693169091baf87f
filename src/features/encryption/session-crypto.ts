/**
 * The encryption session's crypto (conversation-crypto.ts), loaded when a session is opened: it
 * is part of the database chunk, which is in by then (every signed-in listener waits for it), so
 * it costs no request of its own and nothing on home's first screen (docs/architecture.md).
 */
export const loadSessionCrypto = () => import('./conversation-crypto');
