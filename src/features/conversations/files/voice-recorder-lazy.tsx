import { lazy, Suspense } from 'react';
import type { Recording } from './voice-recorder';
import { filesStrings } from './files-strings';

/** The recorder loads with the first click on the microphone, never before. */
const Recorder = lazy(() => import('./voice-recorder'));

export type { Recording };

/** The voice recorder in the composer's place, with its waiting line while the code loads. */
export function VoiceRecorder(props: {
  onSend: (recording: Recording) => void;
  onClose: () => void;
}) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex-1 px-4 text-sm text-slate-600">
          {filesStrings.voice.asking}
        </p>
      }
    >
      <Recorder {...props} />
    </Suspense>
  );
}
