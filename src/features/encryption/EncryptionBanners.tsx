import { useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { CloseIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import type { DeviceRecord } from '../../lib/firebase/encryption';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  LazyEnterRecoveryKeyDialog,
  LazyRemovedDevicePage,
  LazySaveRecoveryKeyDialog,
} from './lazy-dialogs';
import { barButton, NoticeBar } from './NoticeBar';
import { encryptionStrings } from './encryption-strings';
import {
  recoveryPromptOpened,
  upgradeNoticeDismissed,
  selectBackupState,
  selectDevicesAwaitingApproval,
  selectEncryptionUpgraded,
  selectHoldsBackupKey,
  selectRecoveryPromptOpen,
  selectThisDeviceApproval,
  selectThisDeviceRemoved,
} from './encryption-slice';
import { useEncryptionSession } from './use-encryption-session';

/**
 * The signed-in screens' encryption notice, one slim line above the page (NoticeBar): 'A new
 * device signed in: approve?' on an approved device, a waiting device's way in ('Enter recovery
 * key'), 'Your encryption was upgraded' once, or the reminder to save the recovery key until it
 * is saved. One at a time, the most
 * urgent first, so the page never loses more than one line; the next shows once it is dealt with.
 */
export function EncryptionBanners() {
  const dispatch = useAppDispatch();
  const approval = useAppSelector(selectThisDeviceApproval);
  const waiting = useAppSelector(selectDevicesAwaitingApproval);
  const backup = useAppSelector(selectBackupState);
  const holdsKey = useAppSelector(selectHoldsBackupKey);
  const promptOpen = useAppSelector(selectRecoveryPromptOpen);
  const upgraded = useAppSelector(selectEncryptionUpgraded);
  const removed = useAppSelector(selectThisDeviceRemoved);
  const [entering, setEntering] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const prompt =
    approval === 'approved' ? waiting.find((d) => !dismissed.has(d.deviceId)) : undefined;

  let notice: ReactNode = null;
  if (removed) {
    notice = <LazyRemovedDevicePage />;
  } else if (prompt) {
    notice = (
      <ApprovePrompt
        key={prompt.deviceId}
        device={prompt}
        onDismiss={() => setDismissed(new Set([...dismissed, prompt.deviceId]))}
      />
    );
  } else if (approval === 'waiting') {
    notice = (
      <NoticeBar
        label={encryptionStrings.enterRecovery}
        tone="sky"
        lead={encryptionStrings.waitingLead}
        shortLead={encryptionStrings.waitingShort}
        detail={encryptionStrings.waitingApproval}
      >
        <Button variant="secondary" className={barButton} onClick={() => setEntering(true)}>
          {encryptionStrings.enterRecovery}
        </Button>
      </NoticeBar>
    );
  } else if (upgraded) {
    // Said once: only the device that gave the account its identity key shows it.
    notice = (
      <NoticeBar
        label={encryptionStrings.upgraded}
        tone="sky"
        lead={encryptionStrings.upgraded}
        shortLead={encryptionStrings.upgraded}
        detail={encryptionStrings.upgradedDetail}
      >
        <Button className={barButton} onClick={() => dispatch(upgradeNoticeDismissed())}>
          {encryptionStrings.dismiss}
        </Button>
      </NoticeBar>
    );
  } else if (backup === 'unsaved' && holdsKey && !promptOpen) {
    notice = (
      <NoticeBar
        label={encryptionStrings.reminderAction}
        tone="amber"
        shortLead={encryptionStrings.reminderShort}
        detail={encryptionStrings.reminder}
      >
        <Button className={barButton} onClick={() => dispatch(recoveryPromptOpened())}>
          <span className="max-sm:sr-only">{encryptionStrings.reminderAction}</span>
          <span aria-hidden className="sm:hidden">
            {encryptionStrings.reminderActionShort}
          </span>
        </Button>
      </NoticeBar>
    );
  }

  return (
    <>
      {notice}
      {promptOpen && <LazySaveRecoveryKeyDialog />}
      {entering && <LazyEnterRecoveryKeyDialog onClose={() => setEntering(false)} />}
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
      toast.success(encryptionStrings.approved(encryptionStrings.deviceName(device.label)));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <NoticeBar
      label={encryptionStrings.approvePrompt}
      tone="brand"
      lead={encryptionStrings.approvePrompt}
      shortLead={encryptionStrings.approveShort}
      detail={
        failed ? (
          <span role="alert" className="text-red-600">
            {encryptionStrings.approveFailed}
          </span>
        ) : (
          encryptionStrings.approveDetail(encryptionStrings.deviceName(device.label))
        )
      }
    >
      {/* On a phone 'Not now' is a cross, so the question keeps the room it needs. */}
      <Button
        variant="secondary"
        aria-label={encryptionStrings.notNow}
        title={encryptionStrings.notNow}
        className={`${barButton} max-sm:px-1.5!`}
        onClick={onDismiss}
        disabled={busy}
      >
        <CloseIcon className="h-4 w-4 sm:hidden" />
        <span className="max-sm:hidden">{encryptionStrings.notNow}</span>
      </Button>
      <Button
        className={barButton}
        loading={busy}
        disabled={!session}
        onClick={() => void approve()}
      >
        {encryptionStrings.approve}
      </Button>
    </NoticeBar>
  );
}
