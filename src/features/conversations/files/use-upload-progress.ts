import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useGateways } from '../../../store/hooks';

interface Progress {
  sent: number;
  total: number;
}

/** My upload of message `id` as it goes: bytes stored and total; null when none runs here. */
export function useUploadProgress(id: string): Progress | null {
  const { chatFiles } = useGateways();
  const latest = useRef<Progress | null>(null);
  const subscribe = useCallback(
    (changed: () => void) => {
      latest.current = null;
      const stop = chatFiles.watchUpload(
        id,
        (sent, total) => {
          latest.current = { sent, total };
          changed();
        },
        () => {
          latest.current = null;
          changed();
        },
      );
      return () => {
        stop();
        latest.current = null;
      };
    },
    [chatFiles, id],
  );
  return useSyncExternalStore(subscribe, () => latest.current);
}
