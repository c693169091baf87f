import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { useAppSelector } from '../../../store/hooks';
import { encryptionStrings } from '../../encryption';
import { selectOutgoingState } from '../receipts';

const strings = encryptionStrings.sealed;

function LockIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-3 w-3 shrink-0">
      {open ? (
        <path d="M6 9V6a4 4 0 0 1 7.75-1.4 1 1 0 0 1-1.88.7A2 2 0 0 0 8 6v3h6a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2Z" />
      ) : (
        <path d="M6 8V6a4 4 0 1 1 8 0v2a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2Zm2 0h4V6a2 2 0 1 0-4 0v2Z" />
      )}
    </svg>
  );
}

/**
 * In place of a sealed message's words when they did not open: not given to this device yet
 * ('Encrypted on another device'), or tampered with or unreadable ('This message could not be
 * decrypted'). Never ciphertext, never someone else's words.
 */
export function SealedText({ state, mine }: { state: 'no-key' | 'failed'; mine: boolean }) {
  return (
    <p
      data-sealed={state}
      className={`flex items-center gap-1.5 text-sm italic ${mine ? 'text-brand-100' : 'text-slate-600'}`}
    >
      <LockIcon open={false} />
      {state === 'no-key' ? strings.noKey : strings.failed}
    </p>
  );
}

/**
 * Beside the time of a message stored in clear text (from before end-to-end encryption, or from
 * a browser that keeps no keys): 'Not encrypted'. Not on my own message while it is being sent:
 * it is sealed on its way out.
 */
export function NotEncryptedMark({
  message,
  mine,
}: {
  message: ConversationMessage;
  mine: boolean;
}) {
  const pending = useAppSelector(
    (state) => mine && selectOutgoingState(state, message.id) === 'pending',
  );
  // One found wrong says so itself (message-alerts.tsx), louder than this mark.
  if (message.sealed || message.deleted || message.alert || pending) return null;
  return (
    // An open padlock, named for screen readers and explained on hover: a word on every old
    // message would drown the conversation.
    <span
      data-not-encrypted=""
      title={`${strings.notEncrypted}: ${strings.notEncryptedTitle}`}
      className="inline-flex items-center"
    >
      <LockIcon open />
      <span className="sr-only">{strings.notEncrypted}</span>
    </span>
  );
}
