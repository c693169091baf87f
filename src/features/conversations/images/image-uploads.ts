/**
 * Which image messages of mine the server has not acknowledged yet. The database reports no
 * byte progress, so a bubble says 'Uploading…' from the send until the server stored it.
 */
import { useSyncExternalStore } from 'react';

const uploading = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Marks `id` uploading until `acked` settles (stored, or refused: the toast says so). */
export function trackUpload(id: string, acked: Promise<unknown>): void {
  uploading.add(id);
  notify();
  const done = () => {
    uploading.delete(id);
    notify();
  };
  acked.then(done, done);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useUploading(id: string): boolean {
  return useSyncExternalStore(subscribe, () => uploading.has(id));
}
