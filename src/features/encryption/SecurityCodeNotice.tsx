import { useState } from 'react';
import { Button } from '../../components/Button';
import { encryptionStrings } from './encryption-strings';
import { barButton } from './NoticeBar';
import { SecurityCodeDialog } from './SecurityCodeDialog';
import { useEncryptionSession } from './use-encryption-session';
import { useSecurityCode } from './use-security-code';

interface Props {
  friendUid: string;
  friendName: string;
  /** A co-member in a group's conversation. */
  groupId?: string;
}

/**
 * In a conversation: 'Bob's security code changed' while Bob's published identity key is not the
 * one pinned on this device. Nothing new reaches devices signed by the new key until I accept it:
 * 'OK' pins it unverified, 'Verify security code' opens the dialog to compare and mark it.
 */
export function SecurityCodeNotice({ friendUid, friendName, groupId }: Props) {
  const view = useSecurityCode(friendUid, groupId);
  const session = useEncryptionSession();
  const [verifying, setVerifying] = useState(false);

  if (view.kind !== 'ready' || !view.changed) return null;
  const acknowledge = () =>
    void session?.trust.accept(friendUid, view.friendKey, false).catch(() => undefined);
  // One line above the messages, like the encryption notices: the detail is cut where it does
  // not fit (its words stay in the title), the buttons always show.
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-amber-100 bg-amber-50 py-1.5 pr-2 pl-4 sm:pl-6"
    >
      <p
        className="min-w-0 flex-1 truncate text-[13px] leading-6 text-amber-900 sm:text-sm"
        title={encryptionStrings.codeChangedDetail}
      >
        <span className="font-semibold">{encryptionStrings.codeChanged(friendName)}</span>{' '}
        <span>{encryptionStrings.codeChangedDetail}</span>
      </p>
      <div className="flex shrink-0 gap-1.5">
        <Button
          variant="secondary"
          aria-label={encryptionStrings.verify}
          className={barButton}
          onClick={() => setVerifying(true)}
        >
          <span className="sm:hidden">{encryptionStrings.verifyShort}</span>
          <span className="max-sm:hidden">{encryptionStrings.verify}</span>
        </Button>
        <Button className={barButton} onClick={acknowledge}>
          {encryptionStrings.dismiss}
        </Button>
      </div>
      {verifying && (
        <SecurityCodeDialog
          friendUid={friendUid}
          friendName={friendName}
          groupId={groupId}
          onClose={() => setVerifying(false)}
        />
      )}
    </div>
  );
}
