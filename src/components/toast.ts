import type { Id, ToastItem, ToastOptions, toast as toastify } from 'react-toastify';
import { TOAST_LIMIT, ToastSlots, type ToastKind, type ToastScreen } from './toast-slots';

/**
 * The app's toasts, with react-toastify loaded only when the first toast is shown: most visits
 * show none, and its ~6 kB gzipped would count on every first screen. Calls made before it loads
 * wait here, in order, and run as they were made (same texts, same ids, same options), so a
 * toast's text and its autoClose delay are react-toastify's as before. `<Toasts />` loads it.
 * At most TOAST_LIMIT are on screen; notices wait behind the others (toast-slots.ts).
 */
type Toastify = typeof toastify;
export type ToastId = Id;
export type { ToastItem };

const slots = new ToastSlots(TOAST_LIMIT);
const changeListeners = new Set<(item: ToastItem) => void>();
let loader: (() => void) | null = null;
let nextId = 0;

/**
 * News arrives on its own, over whatever the person is doing: the pointer resting on a notice
 * (over a list's button, say) must not keep it up past its 5 s, and a click anywhere on it
 * (meant for the button underneath) takes it away.
 */
const NOTICE_OPTIONS: ToastOptions = { pauseOnHover: false, closeOnClick: true };

function show(kind: ToastKind, text: string, options: ToastOptions = {}): Id {
  // The id is chosen here so the caller has it at once, before react-toastify has loaded.
  const toastId = options.toastId ?? `toast-${String((nextId += 1))}`;
  slots.show({ id: toastId, kind, text, options: { ...options, toastId } });
  if (!slots.attached) loader?.();
  return toastId;
}

export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  /**
   * News about one thing (`key`: a conversation, a feed entry): one toast, its text updated in
   * place while it is up, shown after the toasts that answer the person.
   */
  notice(key: string, text: string): Id {
    const id = `notice:${key}`;
    slots.notice({ id, kind: 'info', text, options: { ...NOTICE_OPTIONS, toastId: id } });
    if (!slots.attached) loader?.();
    return id;
  },
  /** Closes a toast (every toast without an id); one not shown yet is dropped. */
  dismiss(id?: Id): void {
    slots.dismiss(id);
  },
  /** Closes every notice, shown or waiting: the news was for someone who signed out. */
  dismissNotices(): void {
    slots.dismissNotices();
  },
  /** Calls back as react-toastify reports a toast added, updated or removed. */
  onChange(callback: (item: ToastItem) => void): () => void {
    changeListeners.add(callback);
    return () => changeListeners.delete(callback);
  },
};

/** `<Toasts />` registers how to load react-toastify; called at once when a toast waits. */
export function setToastLoader(load: (() => void) | null): void {
  loader = load;
  if (load && slots.holding() && !slots.attached) load();
}

const screenOf = (loaded: Toastify): ToastScreen => ({
  show: ({ kind, text, options }) => loaded[kind](text, options),
  update: (id, text) => loaded.update(id, { render: text }),
  dismiss: (id) => loaded.dismiss(id),
});

/** Called once the container is mounted: the waiting toasts show, in order. */
export function attachToastify(loaded: Toastify): () => void {
  let mounted = true;
  const stop = loaded.onChange((item) => {
    if (item.status === 'removed') slots.removed(item.id);
    for (const listener of changeListeners) listener(item);
  });
  // After the commit that mounted the container: under StrictMode its effects run twice, and
  // a toast added between the two would be lost with the first container registration.
  setTimeout(() => {
    if (mounted) slots.attach(screenOf(loaded));
  }, 0);
  return () => {
    mounted = false;
    stop();
    slots.detach();
  };
}

/** Toast `id` has left the screen (its exit animation ended): its place is free. */
export function toastLeft(id: Id): void {
  slots.gone(id);
}
