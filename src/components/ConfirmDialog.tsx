import { useState } from 'react';
import { componentsStrings } from './components-strings';
import { Button } from './Button';
import { Modal } from './Modal';

interface Props {
  title: string;
  /** What will happen, in full: the dialog's accessible description. */
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be taken back in one click. Cancel, Escape or the backdrop
 * change nothing; the confirm button runs the action once and closes when it has finished.
 */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, onClose }: Props) {
  const [running, setRunning] = useState(false);

  async function confirm() {
    if (running) return;
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      onClose();
    }
  }

  return (
    <Modal title={title} description={description} onClose={onClose}>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={running}>
          {componentsStrings.a11y.cancel}
        </Button>
        <Button
          className="bg-rose-600! hover:bg-rose-700!"
          loading={running}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
