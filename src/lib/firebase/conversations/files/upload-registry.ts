import type { Upload, UploadProgress } from './upload-types';

/**
 * The uploads running on this page, by file id, and who follows their progress: a bubble may
 * watch before its upload starts here (a reload's resume starts it later), and attaches then.
 */
export function makeUploadRegistry() {
  const uploads = new Map<string, Upload>();
  // Watchers of an upload that has not started here yet.
  const waiting = new Map<string, Set<() => void>>();
  return {
    get: (id: string): Upload | undefined => uploads.get(id),
    has: (id: string): boolean => uploads.has(id),
    /** `upload` of `id` starts here: the watchers waiting for it attach. */
    start(id: string, upload: Upload): void {
      uploads.set(id, upload);
      const starts = waiting.get(id);
      waiting.delete(id);
      for (const start of starts ?? []) start();
    },
    /** Over (stored, refused or cancelled): told to its `ended` watchers. */
    end(id: string, upload: Upload): void {
      if (uploads.get(id) === upload) uploads.delete(id);
      for (const ended of upload.ended) ended();
    },
    /** Tells the watchers of `id` its bytes stored so far. */
    report(id: string): void {
      const upload = uploads.get(id);
      if (upload) for (const listener of upload.listeners) listener(upload.sent, upload.total);
    },
    /**
     * Follows the upload of `id`: `listener(sent, total)` now (or once it starts here) and as
     * chunks are stored, `ended` once it is over. Returns the unsubscribe.
     */
    watch(id: string, listener: UploadProgress, ended?: () => void): () => void {
      let stop = () => {
        const starts = waiting.get(id);
        starts?.delete(attach);
        if (starts?.size === 0) waiting.delete(id);
      };
      function attach() {
        const upload = uploads.get(id);
        if (!upload) return;
        upload.listeners.add(listener);
        if (ended) upload.ended.add(ended);
        listener(upload.sent, upload.total);
        stop = () => {
          upload.listeners.delete(listener);
          if (ended) upload.ended.delete(ended);
        };
      }
      if (uploads.has(id)) attach();
      else waiting.set(id, (waiting.get(id) ?? new Set()).add(attach));
      return () => stop();
    },
  };
}

export type UploadRegistry = ReturnType<typeof makeUploadRegistry>;
