import { useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/icons';
import { encryptionStrings } from './encryption-strings';
import { SecurityCodeDialog } from './SecurityCodeDialog';
import { useSecurityCode } from './use-security-code';

interface Props {
  friendUid: string;
  friendName: string;
}

const ShieldIcon = ({ className }: { className: string }) => (
  <Icon className={className}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

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
      {/* A phone's header has room for the name or the words, so there it is a shield. */}
      <Button
        variant="link"
        className="text-sm"
        title={encryptionStrings.verify}
        onClick={() => setOpen(true)}
      >
        <ShieldIcon className="h-5 w-5 sm:hidden" />
        <span className="sr-only sm:not-sr-only">{encryptionStrings.verify}</span>
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
