import type { Id, ToastItem, ToastOptions, toast as toastify } from 'react-toastify';

/**
 * The app's toasts, with react-toastify loaded only when the first toast is shown: most visits
 * show none, and its ~6 kB gzipped would count on every first screen. Calls made before it loads
 * wait here, in order, and run as they were made (same texts, same ids, same options), so a
 * toast's text and its autoClose delay are react-toastify's as before. `<Toasts />` loads it.
 */
type Toastify = typeof toastify;
interface Operation {
  run: (lib: Toastify) => void;
  /** The toast a show creates: a dismiss before loading drops it from the queue. */
  toastId?: Id;
}
export type ToastId = Id;
export type { ToastItem };

let lib: Toastify | null = null;
const waiting: Operation[] = [];
const changeListeners = new Set<(item: ToastItem) => void>();
let loader: (() => void) | null = null;
let nextId = 0;

function run(operation: Operation): void {
  if (lib && waiting.length === 0) {
    operation.run(lib);
    return;
  }
  waiting.push(operation);
  loader?.();
}

function show(kind: 'success' | 'error' | 'info', text: string, options: ToastOptions = {}): Id {
  // The id is chosen here so the caller has it at once, before react-toastify has loaded.
  const toastId = options.toastId ?? `toast-${String((nextId += 1))}`;
  run({ run: (t) => t[kind](text, { ...options, toastId }), toastId });
  return toastId;
}

export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  dismiss(id?: Id): void {
    // Not shown yet: drop it instead of loading react-toastify to show and remove it.
    const index = id === undefined ? -1 : waiting.findIndex((op) => op.toastId === id);
    if (index >= 0) waiting.splice(index, 1);
    else if (lib) run({ run: (t) => t.dismiss(id) });
    else if (id === undefined) waiting.length = 0;
  },
  /** Calls back as react-toastify reports a toast added, updated or removed. */
  onChange(callback: (item: ToastItem) => void): () => void {
    changeListeners.add(callback);
    return () => changeListeners.delete(callback);
  },
};

/** Whether a toast waits for react-toastify (for `<Toasts />`, which loads it). */
export function toastsWaiting(): boolean {
  return waiting.length > 0;
}

/** `<Toasts />` registers how to load react-toastify; called at once when a toast waits. */
export function setToastLoader(load: (() => void) | null): void {
  loader = load;
  if (load && waiting.length > 0) load();
}

/** Called once the container is mounted: the waiting toasts show, in order. */
export function attachToastify(loaded: Toastify): () => void {
  lib = loaded;
  const stop = loaded.onChange((item) => {
    for (const listener of changeListeners) listener(item);
  });
  // After the commit that mounted the container: under StrictMode its effects run twice, and
  // a toast added between the two would be lost with the first container registration.
  setTimeout(() => {
    if (lib === loaded) for (const operation of waiting.splice(0)) operation.run(loaded);
  }, 0);
  return () => {
    stop();
    lib = null;
  };
}
