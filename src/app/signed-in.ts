import type { AppStartListening } from '../store/store';

/**
 * The performance mark set when the database SDK starts loading, just after the signed-in
 * first paint: the browser suite (tests/e2e/app-size.test.ts) counts the scripts requested
 * before it as home's first-paint JavaScript.
 */
export const DATABASE_LOAD_MARK = 'chat:database-load';

/** Runs `run` once the next frame has been painted (or soon, in a tab that paints no frames). */
export function afterNextPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/**
 * The signed-in features' listeners, each of whose effects first waits for the database
 * gateways when they have not loaded yet. A waiting effect keeps the state from before its
 * action (`getOriginalState` may be called only synchronously) and ends if cancelled meanwhile.
 */
export function afterDatabase(
  start: AppStartListening,
  isLoaded: () => boolean,
  loaded: () => Promise<void>,
): AppStartListening {
  const wrapped = (options: Parameters<AppStartListening>[0]) => {
    const effect = options.effect as (action: unknown, api: EffectApi) => unknown;
    return start({
      ...options,
      effect: (action: unknown, api: EffectApi) => {
        if (isLoaded()) return effect(action, api);
        const original = api.getOriginalState();
        return api
          .pause(loaded())
          .then(() => effect(action, { ...api, getOriginalState: () => original }));
      },
    } as never);
  };
  return wrapped as AppStartListening;
}

type EffectApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/**
 * Loads the signed-in features' listeners and registers them, once per store, before the
 * first sign-in is reported; on a cold signed-in start the database SDK (`loadDatabase`)
 * follows just after the first paint, so it is not part of home's first screen: until it is
 * in, the listeners' effects wait for it (the panels show that they are loading). A failed
 * load is retried on the next call.
 */
export function signedInLoader(
  start: AppStartListening,
  loadDatabase: () => Promise<void>,
  afterPaint: (run: () => void) => void = afterNextPaint,
  /**
   * True when a screen is already up (a sign-in from the login screen): the database then
   * loads at once, beside the listeners, as no first paint waits for it.
   */
  painted: () => boolean = () => false,
  /** The database code could not be downloaded after the paint (the screens say so). */
  onFailed: (error: unknown) => void = (error) => console.error(error),
) {
  let loading: Promise<void> | null = null;
  let database: Promise<void> | null = null;
  let databaseLoaded = false;
  let onLoaded = (): void => undefined;
  // What the listeners wait for: they must not start the load before the paint themselves.
  const loaded = new Promise<void>((resolve) => (onLoaded = resolve));
  const whenDatabase = (): Promise<void> => {
    database ??= loadDatabase().then(
      () => {
        databaseLoaded = true;
        onLoaded();
      },
      (error: unknown) => {
        database = null;
        throw error;
      },
    );
    return database;
  };
  let started = false;
  const startDatabase = () => {
    if (!started) performance.mark(DATABASE_LOAD_MARK);
    started = true;
    whenDatabase().catch(onFailed);
  };
  return (): Promise<void> => {
    if (painted()) startDatabase();
    loading ??= import('./signed-in-listeners')
      .then(({ registerSignedInListeners }) => {
        registerSignedInListeners(
          afterDatabase(
            start,
            () => databaseLoaded,
            () => loaded,
          ),
        );
        afterPaint(startDatabase);
      })
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}
