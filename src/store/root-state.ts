import type { SessionState } from './session/session-slice';

/**
 * The store's state, by slice. The session is the store's own; every feature's slice file adds
 * its entry (`declare module … interface RootState extends WithSlice<typeof slice>`), so the
 * store imports no feature, and src/app/slices.ts lists the slices the app's store is built from.
 */
export interface RootState {
  session: SessionState;
}
