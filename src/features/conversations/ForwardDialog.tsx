import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { ChatMessage } from '../../lib/firebase/conversations-message';
import { conversationsStrings } from './conversations-strings';

export interface ForwardDialogProps {
  /** The message to forward. */
  message: ChatMessage;
  onClose: () => void;
}

/**
 * SLOT for 'Forward' (issue 25 item 6, the `mentions` branch builds it): the menu opens it
 * with the message; closing it returns the focus to the message. Empty until then.
 */
export function ForwardDialog({ onClose }: ForwardDialogProps) {
  const strings = conversationsStrings.messageActions;
  return (
    <Modal title={strings.forward} onClose={onClose}>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {strings.cancel}
        </Button>
      </div>
    </Modal>
  );
}
