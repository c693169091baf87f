import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

// React's own bound for what lazy() loads: any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A component whose module loads on its first render, from the module's named export (React's
 * `lazy` wants a default export): the code stays out of the chunk until a screen shows it.
 */
export function lazyComponent<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * `lazyComponent` that shows nothing while its module loads (a dialog opened by a click), so
 * it needs no Suspense boundary of its caller's.
 */
export function lazyDialog<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  const Lazy = lazyComponent(load, name);
  return function LazyDialog(props: ComponentProps<M[K]>) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
