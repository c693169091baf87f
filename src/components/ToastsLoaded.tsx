import { useEffect } from 'react';
import { Bounce, toast, ToastContainer } from 'react-toastify';
import { attachToastify } from './toast';

/** react-toastify's container with the app's settings; the waiting toasts show once it mounts. */
export function ToastsLoaded() {
  // The container's own effects run first (it is a child), so it is listening by now.
  useEffect(() => attachToastify(toast), []);
  return (
    // Toasts are read out by the polite live region, not as alerts that interrupt.
    <ToastContainer
      position="top-center"
      autoClose={5000}
      theme="dark"
      transition={Bounce}
      role="none"
    />
  );
}
