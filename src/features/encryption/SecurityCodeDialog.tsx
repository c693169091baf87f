import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { groupSafetyCode } from '../../lib/crypto/safety-code';
import { encryptionStrings } from './encryption-strings';
import { useEncryptionSession } from './use-encryption-session';
import { useSecurityCode } from './use-security-code';

interface Props {
  friendUid: string;
  friendName: string;
  /** A co-member's code, opened from the group's 'Verify members'. */
  groupId?: string;
  onClose: () => void;
}

/**
 * 'Verify security code': the 60 digits in twelve groups of five, and 'Mark as verified', which
 * pins the friend's identity key on this device as verified (never stored on the server).
 */
export function SecurityCodeDialog({ friendUid, friendName, groupId, onClose }: Props) {
  const view = useSecurityCode(friendUid, groupId);
  const session = useEncryptionSession();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const mark = async (verified: boolean) => {
    if (view.kind !== 'ready' || !session) return;
    setBusy(true);
    setFailed(false);
    try {
      await session.trust.accept(friendUid, view.friendKey, verified);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={encryptionStrings.verify}
      description={encryptionStrings.verifyIntro(friendName)}
      onClose={onClose}
    >
      {view.kind === 'loading' && (
        <p role="status" className="text-sm text-slate-500">
          {encryptionStrings.computing}
        </p>
      )}
      {view.kind === 'none' && (
        <p className="text-sm text-slate-600">{encryptionStrings.codeUnavailable(friendName)}</p>
      )}
      {view.kind === 'ready' && (
        <>
          <ol
            aria-label={encryptionStrings.codeLabel(friendName)}
            className="grid grid-cols-4 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-center font-mono text-lg tracking-wider text-slate-900 ring-1 ring-slate-200"
          >
            {groupSafetyCode(view.code).map((group, i) => (
              <li key={i}>{group}</li>
            ))}
          </ol>
          {view.verified && (
            <p className="mt-3 text-sm font-medium text-emerald-800">
              <span className="rounded-full bg-emerald-50 px-2 py-0.5">
                {encryptionStrings.verifiedBadge}
              </span>
            </p>
          )}
        </>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {encryptionStrings.verifyFailed}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        {view.kind === 'ready' && view.verified ? (
          <Button variant="secondary" loading={busy} onClick={() => void mark(false)}>
            {encryptionStrings.unmarkVerified}
          </Button>
        ) : (
          <Button loading={busy} disabled={view.kind !== 'ready'} onClick={() => void mark(true)}>
            {encryptionStrings.markVerified}
          </Button>
        )}
      </div>
    </Modal>
  );
}
