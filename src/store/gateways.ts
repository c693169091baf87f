import type { AuthApi } from '../lib/firebase/auth';

/**
 * The gateways that need the database SDK, by name; production loads them with the first
 * sign-in. Each gateway module adds its own entry here (`declare module`), and
 * src/app/database-gateways.ts lists the real ones: adding a gateway touches those two files.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DatabaseGateways {}

/**
 * Everything the app asks of Firebase. The store hands these to thunks (`extra`) and listeners
 * (`listenerApi.extra`), components get them from `useGateways()`; tests pass fakes.
 */
export interface Gateways extends DatabaseGateways {
  auth: AuthApi;
}
