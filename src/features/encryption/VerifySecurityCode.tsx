import { useState } from 'react';
import { Button } from '../../components/Button';
import { encryptionStrings } from './encryption-strings';
import { LockIcon } from './NoticeBar';
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
      {/* Below 1024 px a lock alone, so the friend's name and presence keep the header's room. */}
      <Button
        variant="link"
        aria-label={encryptionStrings.verify}
        title={encryptionStrings.verify}
        className="text-sm max-lg:h-9 max-lg:w-9 max-lg:rounded-full max-lg:hover:bg-slate-100"
        onClick={() => setOpen(true)}
      >
        <LockIcon className="h-5 w-5 lg:hidden" />
        <span className="max-lg:hidden">{encryptionStrings.verify}</span>
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
