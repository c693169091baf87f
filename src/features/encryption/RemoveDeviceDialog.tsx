import { useFormik } from 'formik';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { RecoveryError } from '../../lib/crypto/key-ring/key-ring';
import { useGateways } from '../../store/hooks';
import { encryptionStrings } from './encryption-strings';
import { RecoveryKeyField } from './RecoveryKeyField';
import { validateRecoveryKey } from './recovery-key-check';
import { removeMyDevice } from './remove-device';
import { removeDeviceStrings } from './remove-device-strings';

interface Props {
  owner: string;
  deviceId: string;
  label: string;
  onClose: () => void;
}

/**
 * 'Remove' on one of my devices (docs/security/e2ee.md, "Removing a device"), as Element asks for
 * the recovery key to reset cross-signing: with it, a new device-signing key locks the device out
 * even if its keys were copied; without it, the honest removal (the device forgets its keys).
 */
export function RemoveDeviceDialog({ owner, deviceId, label, onClose }: Props) {
  const { encryption } = useGateways();
  const [failed, setFailed] = useState(false);
  const [removingBare, setRemovingBare] = useState(false);

  const remove = async (recoveryKey?: string) => {
    setFailed(false);
    await removeMyDevice(encryption, owner, deviceId, recoveryKey);
    onClose();
  };

  const form = useFormik({
    initialValues: { recoveryKey: '' },
    validateOnBlur: false,
    validate: validateRecoveryKey,
    onSubmit: async ({ recoveryKey }, helpers) => {
      try {
        await remove(recoveryKey);
      } catch (error) {
        if (error instanceof RecoveryError) {
          helpers.setFieldError('recoveryKey', encryptionStrings.recoveryRefused[error.refusal]);
        } else {
          setFailed(true);
        }
      }
    },
  });

  const removeWithoutKey = async () => {
    setRemovingBare(true);
    try {
      await remove();
    } catch {
      setFailed(true);
    } finally {
      setRemovingBare(false);
    }
  };

  return (
    <Modal
      title={removeDeviceStrings.title(label)}
      description={removeDeviceStrings.intro}
      onClose={onClose}
    >
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        <RecoveryKeyField form={form} />
        {failed && (
          <p role="alert" className="text-sm text-red-600">
            {encryptionStrings.removeFailed}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* The weaker choice, as a link: the recovery key's removal is the one to take. */}
          <Button
            variant="link"
            loading={removingBare}
            disabled={form.isSubmitting}
            onClick={() => void removeWithoutKey()}
          >
            {removeDeviceStrings.withoutKey}
          </Button>
          <div className="ml-auto flex gap-3">
            <Button variant="secondary" onClick={onClose}>
              {removeDeviceStrings.cancel}
            </Button>
            <Button type="submit" loading={form.isSubmitting} disabled={removingBare}>
              {encryptionStrings.remove}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
