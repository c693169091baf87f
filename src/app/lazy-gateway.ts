/** An API whose every method answers a promise, so a call can wait for the module to load. */
type AsyncApi = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A gateway whose module loads on its first call instead of with the signed-in screens: for
 * write-only gateways that no first screen calls (their code stays off home's first load).
 * `methods` names every method (the type insists on each), so the object is complete before
 * the module arrives.
 */
export function lazyGateway<T extends AsyncApi>(
  load: () => Promise<T>,
  methods: { [K in keyof T]: true },
): T {
  let loaded: Promise<T> | null = null;
  const api = () =>
    (loaded ??= load().catch((error: unknown) => {
      // A failed download is retried by the next call.
      loaded = null;
      throw error;
    }));
  return Object.fromEntries(
    Object.keys(methods).map((name) => [
      name,
      async (...args: never[]) => {
        const target = await api();
        return target[name](...args);
      },
    ]),
  ) as T;
}
