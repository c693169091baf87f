import { useState } from 'react';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { encryptionStrings } from '../../encryption';
import { useDisplayName } from '../../profiles';
import { formatMessageTime, MessageText, useControlTabIndex } from '../message';

const strings = encryptionStrings.sealed;

function WarningIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5 shrink-0">
      <path d="M8.3 2.9a2 2 0 0 1 3.4 0l6.3 11.1A2 2 0 0 1 16.3 17H3.7A2 2 0 0 1 2 14l6.3-11.1ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z" />
    </svg>
  );
}

/** A bubble that carries an alert is drawn as none of the normal ones: amber, outlined. */
export const alertTone = 'border border-amber-400 bg-amber-50 text-slate-900';

/** One line saying what is wrong, in the alert's colours. */
function AlertLine({
  text,
  kind,
}: {
  text: string;
  kind: NonNullable<ConversationMessage['alert']>;
}) {
  return (
    <p
      data-alert={kind}
      className="mb-0.5 flex items-start gap-1.5 text-xs font-medium text-amber-900"
    >
      <WarningIcon />
      <span>{text}</span>
    </p>
  );
}

/**
 * In place of the words of clear text in a conversation known to be encrypted (its people's
 * devices send none): who it did not come from, and its words only when asked for.
 */
export function NotFromDevices({ message, mine }: { message: ConversationMessage; mine: boolean }) {
  const [shown, setShown] = useState(false);
  const tabIndex = useControlTabIndex();
  const name = useDisplayName(message.senderId, message.senderName);
  return (
    <div>
      <AlertLine
        kind="not-encrypted"
        text={mine ? strings.notFromMyDevices : strings.notFromDevices(name)}
      />
      {shown ? (
        <div className="italic text-slate-700">
          <MessageText text={message.text} mine={false} />
        </div>
      ) : (
        <button
          type="button"
          tabIndex={tabIndex}
          onClick={() => setShown(true)}
          className="text-xs font-semibold text-amber-900 underline hover:no-underline focus:outline-hidden focus-visible:ring-2 focus-visible:ring-amber-300"
        >
          {strings.showWords}
        </button>
      )}
    </div>
  );
}

/** Above the words of a message the server put back to an older version than shown here. */
export const RolledBack = () => <AlertLine kind="rolled-back" text={strings.rolledBack} />;

/** Under a deletion without its sender's proof: the server deleted it, not them. */
export function UnconfirmedDelete({
  message,
  mine,
}: {
  message: ConversationMessage;
  mine: boolean;
}) {
  const name = useDisplayName(message.senderId, message.senderName);
  return (
    <AlertLine
      kind="unconfirmed-delete"
      text={mine ? strings.unconfirmedDeleteMine : strings.unconfirmedDelete(name)}
    />
  );
}

/**
 * The time a message shows: the server's, or for a re-dated one the time sealed with its words,
 * marked, the server's on hover.
 */
export function MessageTime({ message }: { message: ConversationMessage }) {
  const { sealedAt, createdAt } = message;
  if (message.alert !== 'redated' || sealedAt === undefined) {
    return <time dateTime={new Date(createdAt).toISOString()}>{formatMessageTime(createdAt)}</time>;
  }
  const explained = strings.redated(formatMessageTime(sealedAt), formatMessageTime(createdAt));
  return (
    <span data-alert="redated" title={explained} className="inline-flex items-center gap-1">
      <WarningIcon />
      <span className="sr-only">{explained}</span>
      <time aria-hidden dateTime={new Date(sealedAt).toISOString()}>
        {formatMessageTime(sealedAt)}
      </time>
    </span>
  );
}

/** Beside the time of a message sealed in the older format (v1): what its seal does not cover. */
export function OlderSealMark() {
  return (
    <span data-older-seal="" title={strings.olderSeal} className="inline-flex items-center">
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-3 w-3 shrink-0">
        <path d="M6 8V6a4 4 0 1 1 8 0v2a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2Zm2 0h4V6a2 2 0 1 0-4 0v2Z" />
      </svg>
      <span className="sr-only">{strings.olderSeal}</span>
    </span>
  );
}
