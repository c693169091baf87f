import { useEffect, useState, type ComponentType } from 'react';
import { setToastLoader } from './toast';

/**
 * Where the app's toasts appear. Renders nothing, and loads nothing, until the first toast is
 * shown (src/components/toast.ts); then react-toastify's container with the app's settings.
 */
export function Toasts() {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      setToastLoader(null);
      import('./ToastsLoaded').then(
        ({ ToastsLoaded }) => {
          if (active) setLoaded(() => ToastsLoaded);
        },
        // Offline at the first toast: the next toast tries again.
        () => {
          started = false;
          if (active) setToastLoader(load);
        },
      );
    };
    setToastLoader(load);
    // Most toasts answer something the person did (a sign-in, a save): loading with their first
    // key or click has it ready before the answer, so a toast followed by a timed navigation
    // ('You are logged in Successfully', then home 1 s later) is on screen for all of it.
    const events = ['pointerdown', 'keydown'] as const;
    const onInteraction = () => {
      for (const type of events) window.removeEventListener(type, onInteraction, true);
      load();
    };
    for (const type of events) window.addEventListener(type, onInteraction, true);
    return () => {
      active = false;
      setToastLoader(null);
      for (const type of events) window.removeEventListener(type, onInteraction, true);
    };
  }, []);
  return Loaded ? <Loaded /> : null;
}
