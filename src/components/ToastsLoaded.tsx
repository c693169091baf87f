import { useEffect } from 'react';
import { Bounce, toast, ToastContainer, type ToastTransitionProps } from 'react-toastify';
import { attachToastify, toastLeft } from './toast';
import { TOAST_LIMIT } from './toast-slots';

/**
 * Bounce, telling toast.ts when a toast has left the screen: react-toastify frees its place
 * then (its `done`) but reports no event for it. The toast's element carries its id.
 */
function BounceThenLeave(props: ToastTransitionProps) {
  const { done, nodeRef } = props;
  const leave = () => {
    const id = nodeRef.current?.id;
    done();
    if (id) toastLeft(id);
  };
  return <Bounce {...props} done={leave} />;
}

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
      transition={BounceThenLeave}
      limit={TOAST_LIMIT}
      role="none"
    />
  );
}
