import { useFormik } from 'formik';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { RecoveryError } from '../../lib/crypto/key-ring/key-ring';
import { useAppDispatch } from '../../store/hooks';
import { toast } from '../../components/toast';
import { encryptionStrings } from './encryption-strings';
import { RecoveryKeyField } from './RecoveryKeyField';
import { validateRecoveryKey } from './recovery-key-check';
import { oldKeysArrived } from './encryption-slice';
import { useEncryptionSession } from './use-encryption-session';

/** 'Enter recovery key' on a device waiting for approval: opens the backup for this device. */
export function EnterRecoveryKeyDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const session = useEncryptionSession();
  const form = useFormik({
    initialValues: { recoveryKey: '' },
    validate: validateRecoveryKey,
    onSubmit: async ({ recoveryKey }, helpers) => {
      if (!session) return;
      try {
        await session.ring.restore(recoveryKey);
      } catch (error) {
        helpers.setFieldError(
          'recoveryKey',
          error instanceof RecoveryError
            ? encryptionStrings.recoveryRefused[error.refusal]
            : encryptionStrings.restoreFailed,
        );
        return;
      }
      dispatch(oldKeysArrived());
      toast.success(encryptionStrings.restored);
      onClose();
    },
  });
  return (
    <Modal
      title={encryptionStrings.enterRecovery}
      description={encryptionStrings.enterRecoveryIntro}
      onClose={onClose}
    >
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        <RecoveryKeyField form={form} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {encryptionStrings.later}
          </Button>
          <Button type="submit" loading={form.isSubmitting} disabled={!session}>
            {encryptionStrings.restore}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
