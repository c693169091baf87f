import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { useGateways } from '../../store/hooks';
import { encryptionStrings } from './encryption-strings';
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
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 border-b border-amber-100 bg-amber-50 px-6 py-3"
    >
      <div>
        <p className="text-sm font-semibold text-amber-900">
          {encryptionStrings.codeChanged(friendName)}
        </p>
        <p className="text-sm text-amber-900">{encryptionStrings.codeChangedDetail}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" className="py-2!" onClick={() => setVerifying(true)}>
          {encryptionStrings.verify}
        </Button>
        <Button className="py-2!" onClick={acknowledge}>
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
