import { useState } from 'react';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import type { DeviceRecord } from '../../lib/firebase/encryption';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { EnterRecoveryKeyDialog, SaveRecoveryKeyDialog } from './lazy-dialogs';
import { encryptionStrings } from './encryption-strings';
import {
  recoveryPromptOpened,
  selectBackupState,
  selectDevicesAwaitingApproval,
  selectHoldsBackupKey,
  selectRecoveryPromptOpen,
  selectThisDeviceApproval,
} from './encryption-slice';
import { useEncryptionSession } from './use-encryption-session';

const bar =
  'mb-3 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 ' +
  'shadow-[0_2px_12px_rgba(15,23,42,0.06)] ring-1';

/**
 * The signed-in screens' encryption notices, above the page: 'A new device signed in: approve?'
 * on an approved device, a waiting device's way in ('Enter recovery key'), and the reminder to
 * save the recovery key until it is saved. Each is one line with its action; the dialogs open here.
 */
export function EncryptionBanners() {
  const dispatch = useAppDispatch();
  const approval = useAppSelector(selectThisDeviceApproval);
  const waiting = useAppSelector(selectDevicesAwaitingApproval);
  const backup = useAppSelector(selectBackupState);
  const holdsKey = useAppSelector(selectHoldsBackupKey);
  const promptOpen = useAppSelector(selectRecoveryPromptOpen);
  const [entering, setEntering] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const prompts = approval === 'approved' ? waiting.filter((d) => !dismissed.has(d.deviceId)) : [];

  return (
    <>
      {prompts.map((device) => (
        <ApprovePrompt
          key={device.deviceId}
          device={device}
          onDismiss={() => setDismissed(new Set([...dismissed, device.deviceId]))}
        />
      ))}
      {approval === 'waiting' && (
        <div
          role="region"
          aria-label={encryptionStrings.enterRecovery}
          className={`${bar} ring-sky-100`}
        >
          <p className="text-sm text-slate-700">{encryptionStrings.waitingApproval}</p>
          <Button variant="secondary" className="py-2!" onClick={() => setEntering(true)}>
            {encryptionStrings.enterRecovery}
          </Button>
        </div>
      )}
      {backup === 'unsaved' && holdsKey && !promptOpen && (
        <div
          role="region"
          aria-label={encryptionStrings.reminderAction}
          className={`${bar} ring-amber-200`}
        >
          <p className="text-sm text-amber-900">{encryptionStrings.reminder}</p>
          <Button className="py-2!" onClick={() => dispatch(recoveryPromptOpened())}>
            {encryptionStrings.reminderAction}
          </Button>
        </div>
      )}
      {promptOpen && <SaveRecoveryKeyDialog />}
      {entering && <EnterRecoveryKeyDialog onClose={() => setEntering(false)} />}
    </>
  );
}

/** 'A new device signed in: approve?' for one of my devices, with its name. */
function ApprovePrompt({ device, onDismiss }: { device: DeviceRecord; onDismiss: () => void }) {
  const session = useEncryptionSession();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const approve = async () => {
    if (!session) return;
    setBusy(true);
    setFailed(false);
    try {
      await session.ring.approve(device.deviceId);
      toast.success(encryptionStrings.approved(device.label));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="region"
      aria-label={encryptionStrings.approvePrompt}
      className={`${bar} ring-brand-100`}
    >
      <div>
        <p className="font-semibold text-slate-900">{encryptionStrings.approvePrompt}</p>
        <p className="text-sm text-slate-600">{encryptionStrings.approveDetail(device.label)}</p>
        {failed && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {encryptionStrings.approveFailed}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" className="py-2!" onClick={onDismiss} disabled={busy}>
          {encryptionStrings.notNow}
        </Button>
        <Button className="py-2!" loading={busy} disabled={!session} onClick={() => void approve()}>
          {encryptionStrings.approve}
        </Button>
      </div>
    </div>
  );
}
