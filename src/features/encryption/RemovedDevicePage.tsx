import { Button } from '../../components/Button';
import { removedDeviceStrings } from './removed-device-strings';

/**
 * What this device's open page shows once another of my devices removed it: its keys are
 * already forgotten (encryption-listeners.ts), and the page under it is covered, so nothing it
 * showed before stays in view. Reloading sets it up again as a new device, waiting for approval.
 */
export function RemovedDevicePage() {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="removed-device-title"
      aria-describedby="removed-device-body"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-50 p-6"
    >
      <div className="max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="removed-device-title" className="text-lg font-semibold text-slate-900">
          {removedDeviceStrings.title}
        </h2>
        <p id="removed-device-body" className="mt-2 text-sm text-slate-600">
          {removedDeviceStrings.body}
        </p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          {removedDeviceStrings.reload}
        </Button>
      </div>
    </div>
  );
}
