/**
 * What the app's polite live region reads out next. Plain module state (not Redux), so the
 * region works on every screen, signed in or not, and costs the first screen nothing.
 */
type Listener = (text: string) => void;

const listeners = new Set<Listener>();

export function announce(text: string): void {
  const trimmed = text.trim();
  if (trimmed) listeners.forEach((listener) => listener(trimmed));
}

export function onAnnouncement(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
