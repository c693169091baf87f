import type { AuthApi } from '../lib/firebase/auth';
import { reportDatabaseLoaded } from '../lib/firebase/database-loaded';
import type { DatabaseGateways, Gateways } from '../store/gateways';

type Method = (...args: unknown[]) => unknown;

/**
 * The real gateways, with the database ones filled in by `loadDatabase` (called just after the
 * first signed-in paint, src/app/signed-in.ts) so that no first screen waits for the database
 * SDK. Listeners wait for it before they use them. Anything else that calls a gateway in the
 * moment before it is in (a click, an avatar's picture, a chat header's presence) has its call
 * wait for that load, without starting it: a `subscribe…` method returns its unsubscribe at
 * once, any other method a promise.
 */
export function productionGateways(auth: AuthApi) {
  let database: DatabaseGateways | null = null;
  let onLoaded = (): void => undefined;
  // What a call made before the load waits for; it does not start the load itself.
  const loaded = new Promise<void>((resolve) => (onLoaded = resolve));
  const loadDatabase = async (): Promise<void> => {
    database ??= (await import('./database-gateways')).databaseGateways;
    onLoaded();
    reportDatabaseLoaded();
  };
  const real = (name: keyof DatabaseGateways, method: string): Method => {
    if (!database) throw new Error('The database gateways have not loaded.');
    const gateway = database[name] as unknown as Record<string, Method | undefined>;
    const call = gateway[method];
    if (!call) throw new Error(`The ${name} gateway has no ${method}.`);
    return call.bind(gateway);
  };
  const waitingMethod = (name: keyof DatabaseGateways, method: string): Method => {
    if (method.startsWith('subscribe')) {
      return (...args) => {
        let stop: unknown = null;
        let stopped = false;
        void loaded.then(() => {
          if (!stopped) stop = real(name, method)(...args);
        });
        return () => {
          stopped = true;
          if (typeof stop === 'function') (stop as () => void)();
        };
      };
    }
    return async (...args) => {
      await loaded;
      return real(name, method)(...args);
    };
  };
  // One per name, so a component's hook dependencies stay the same until the load.
  const waiting = new Map<string, object>();
  const waitingGateway = (name: keyof DatabaseGateways): object => {
    let gateway = waiting.get(name);
    if (!gateway) {
      gateway = new Proxy(
        {},
        {
          get: (_, method) =>
            typeof method === 'symbol' || method === 'then'
              ? undefined
              : waitingMethod(name, method),
        },
      );
      waiting.set(name, gateway);
    }
    return gateway;
  };
  const gateways = new Proxy({ auth } as Gateways, {
    get(target, name) {
      if (name === 'auth') return target.auth;
      // Not a gateway: what `await`, inspectors and serialisers probe for.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      const key = name as keyof DatabaseGateways;
      return database ? database[key] : waitingGateway(key);
    },
  });
  return { gateways, loadDatabase };
}
