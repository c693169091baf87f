/**
 * Settles when the app has loaded the database SDK (src/app/production-gateways.ts reports it;
 * src/app/signed-in.ts starts that load just after the first signed-in paint). A module that
 * loads database code of its own (the avatars' picture resolver) waits for it, so nothing on
 * the first screen downloads the SDK.
 */
let report = (): void => undefined;

export const databaseLoaded = new Promise<void>((resolve) => (report = resolve));

export function reportDatabaseLoaded(): void {
  report();
}
