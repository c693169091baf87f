import { useState } from 'react';
import { Button } from '../../components/Button';
import { encryptionStrings } from './encryption-strings';
import { SecurityCodeDialog } from './SecurityCodeDialog';
import { useSecurityCode } from './use-security-code';

interface Props {
  friendUid: string;
  friendName: string;
}

/** The chat header's 'Verify security code' (with 'Verified' beside it once it is). */
export function VerifySecurityCode({ friendUid, friendName }: Props) {
  const [open, setOpen] = useState(false);
  const view = useSecurityCode(friendUid);
  return (
    <>
      {view.kind === 'ready' && view.verified && (
        <span className="mr-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
          {encryptionStrings.verifiedBadge}
        </span>
      )}
      <Button variant="link" className="text-sm" onClick={() => setOpen(true)}>
        {encryptionStrings.verify}
      </Button>
      {open && (
        <SecurityCodeDialog
          friendUid={friendUid}
          friendName={friendName}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
