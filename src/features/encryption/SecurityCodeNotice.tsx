import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { useGateways } from '../../store/hooks';
import { encryptionStrings } from './encryption-strings';
import { barButton } from './NoticeBar';
import { SecurityCodeDialog } from './SecurityCodeDialog';
import { useSecurityCode } from './use-security-code';

interface Props {
  friendUid: string;
  friendName: string;
}

/**
 * In a 1:1 conversation: 'Bob's security code changed' once Bob's devices changed since I last saw
 * the code ('OK' takes the new code in, unverified; 'Verify security code' opens the dialog). The
 * first code seen, and a change of my own devices only, are stored without a word.
 */
export function SecurityCodeNotice({ friendUid, friendName }: Props) {
  const view = useSecurityCode(friendUid);
  const { encryption } = useGateways();
  const [verifying, setVerifying] = useState(false);
  const silent = view.kind === 'ready' ? view.silentUpdate : null;
  const me = view.kind === 'ready' ? view.me : null;
  const silentCode = silent?.code;
  const silentVerified = silent?.verified ?? false;

  useEffect(() => {
    if (!silentCode || !me) return;
    const record = { code: silentCode, verified: silentVerified };
    void encryption.saveSecurityCode(me, friendUid, record).catch(() => undefined);
  }, [encryption, me, friendUid, silentCode, silentVerified]);

  if (view.kind !== 'ready' || !view.changed) return null;
  const acknowledge = () =>
    void encryption
      .saveSecurityCode(view.me, friendUid, { code: view.code, verified: false })
      .catch(() => undefined);
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
          onClose={() => setVerifying(false)}
        />
      )}
    </div>
  );
}
