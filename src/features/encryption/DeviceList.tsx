import { useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { encryptionStrings } from './encryption-strings';
import { LazyRemoveDeviceDialog } from './lazy-dialogs';
import {
  selectEncryptionOwner,
  selectEncryptionStatus,
  selectMyDevices,
  selectSignedDevices,
  selectThisDevice,
} from './encryption-slice';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings, 'Your devices': each browser with its key, its last use, 'Not approved' for one my
 * identity key has not signed (a new one waiting, or one added behind my back), and 'Remove' for
 * the others, which asks for the recovery key (RemoveDeviceDialog.tsx).
 */
export function DeviceList() {
  const devices = useAppSelector(selectMyDevices);
  const thisDevice = useAppSelector(selectThisDevice);
  // Null until checked: no mark rather than a wrong one.
  const signed = useAppSelector(selectSignedDevices);
  const status = useAppSelector(selectEncryptionStatus);
  const owner = useAppSelector(selectEncryptionOwner);
  /** The device whose 'Remove' was clicked: its dialog asks for the recovery key. */
  const [removing, setRemoving] = useState<{ deviceId: string; label: string } | null>(null);

  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{encryptionStrings.devicesIntro}</p>
      {status === 'unavailable' && (
        <p className="mb-3 text-sm text-amber-700">{encryptionStrings.unavailable}</p>
      )}
      {status === 'loading' && devices.length === 0 ? (
        <p role="status" className="text-slate-500">
          {encryptionStrings.loading}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {devices.map((device) => (
            <li key={device.deviceId} className="flex items-center justify-between gap-4 py-2">
              <div>
                <p className="font-medium text-slate-800">
                  {encryptionStrings.deviceName(device.label)}
                  {device.deviceId === thisDevice && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                      {encryptionStrings.thisDevice}
                    </span>
                  )}
                  {signed && !signed.includes(device.deviceId) && (
                    <span
                      title={encryptionStrings.notApprovedTitle}
                      className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
                    >
                      {encryptionStrings.notApproved}
                    </span>
                  )}
                </p>
                {device.lastSeenAt > 0 && (
                  <p className="text-sm text-slate-600">
                    {encryptionStrings.lastUsed(dateTime.format(device.lastSeenAt))}
                  </p>
                )}
              </div>
              {device.deviceId !== thisDevice && (
                <button
                  type="button"
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50"
                  aria-label={encryptionStrings.removeLabel(
                    encryptionStrings.deviceName(device.label),
                  )}
                  onClick={() =>
                    setRemoving({
                      deviceId: device.deviceId,
                      label: encryptionStrings.deviceName(device.label),
                    })
                  }
                >
                  {encryptionStrings.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && owner && (
        <LazyRemoveDeviceDialog
          owner={owner}
          deviceId={removing.deviceId}
          label={removing.label}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}
