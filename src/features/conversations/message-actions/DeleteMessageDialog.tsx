import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppDispatch } from '../../../store/hooks';
import { hideMessage, removeMessage } from './conversations-actions-thunks';
import { conversationsStrings } from '../conversations-strings';

const strings = conversationsStrings.messageActions;

/**
 * 'Delete for everyone?' with 'Delete for everyone' (my own message, within 24 hours), 'Delete
 * for me' and 'Cancel'. It closes at once: offline the write is queued, and a refusal comes
 * back as a toast (the app's failed-write listener).
 */
export function DeleteMessageDialog({
  message,
  forEveryone,
  onClose,
}: {
  message: ConversationMessage;
  forEveryone: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const run = (everyone: boolean) => {
    onClose();
    void dispatch(everyone ? removeMessage(message.id) : hideMessage(message.id));
  };
  return (
    <Modal
      title={forEveryone ? strings.deleteTitle : strings.deleteTitleForMe}
      description={forEveryone ? strings.deleteDescription : strings.deleteDescriptionForMe}
      onClose={onClose}
    >
      {/* Stacked, the strongest first: three long labels side by side wrapped clumsily. */}
      <div className="mt-6 flex flex-col gap-2.5">
        {forEveryone ? (
          <Button fullWidth className="bg-rose-600! hover:bg-rose-700!" onClick={() => run(true)}>
            {strings.deleteForEveryone}
          </Button>
        ) : null}
        <Button fullWidth variant="secondary" onClick={() => run(false)}>
          {strings.deleteForMe}
        </Button>
        <Button fullWidth variant="secondary" onClick={onClose}>
          {strings.cancel}
        </Button>
      </div>
    </Modal>
  );
}
