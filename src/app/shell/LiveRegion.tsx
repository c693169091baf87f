import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { announce, onAnnouncement } from './announcer';

/** How long a read-out line stays in the region (screen readers read additions, not removals). */
const KEEP_MS = 15_000;

let nextId = 0;

/**
 * The app's one polite live region, present from the first render so that screen readers watch
 * it: incoming messages (announce-listeners.ts) and every toast are read out here, without
 * interrupting the person. Visually hidden.
 */
export function LiveRegion() {
  const [lines, setLines] = useState<Array<{ id: number; text: string }>>([]);
  useEffect(() => {
    const stopAnnouncements = onAnnouncement((text) => {
      const id = (nextId += 1);
      setLines((current) => [...current.slice(-4), { id, text }]);
      window.setTimeout(() => {
        setLines((current) => current.filter((line) => line.id !== id));
      }, KEEP_MS);
    });
    const stopToasts = toast.onChange((item) => {
      if (item.status === 'added' && typeof item.content === 'string') announce(item.content);
    });
    return () => {
      stopAnnouncements();
      stopToasts();
    };
  }, []);
  return (
    <div
      id="app-announcements"
      role="status"
      aria-live="polite"
      aria-relevant="additions"
      className="sr-only"
    >
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}
