import { useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { NOTIFICATION_KINDS } from '../../lib/firebase/notifications/shapes';
import { settingsStrings } from './settings-strings';
import { selectSettings } from './settings-slice';
import { SettingsSection } from './SettingsSection';
import { Toggle } from './Toggle';
import { useSaveSetting } from './use-save-setting';

/**
 * Browser notifications on/off (the browser asks for permission only when the switch is turned
 * on) and which kinds they cover. The in-app feed and toasts are not affected.
 */
export function NotificationSettingsSection() {
  const settings = useAppSelector(selectSettings);
  const { save, saving } = useSaveSetting();
  const [problem, setProblem] = useState<string | null>(null);
  if (!settings) return null;

  const switchBrowser = async (on: boolean) => {
    setProblem(null);
    if (on) {
      if (typeof Notification === 'undefined')
        return setProblem(settingsStrings.settings.browserUnsupported);
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setProblem(settingsStrings.settings.browserDenied);
    }
    await save({ key: 'browserNotifications', value: on });
  };

  return (
    <SettingsSection title={settingsStrings.settings.notificationsSection}>
      <Toggle
        label={settingsStrings.settings.browserNotifications}
        checked={settings.browserNotifications}
        disabled={saving === 'browserNotifications'}
        onChange={(on) => void switchBrowser(on)}
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <Toggle
        label={settingsStrings.settings.notificationPreviews}
        checked={settings.notificationPreviews}
        disabled={!settings.browserNotifications || saving === 'notificationPreviews'}
        onChange={(value) => void save({ key: 'notificationPreviews', value })}
      />
      <Toggle
        label={settingsStrings.settings.notificationSound}
        checked={settings.notificationSound}
        disabled={!settings.browserNotifications || saving === 'notificationSound'}
        onChange={(value) => void save({ key: 'notificationSound', value })}
      />
      <fieldset className="mt-2" disabled={!settings.browserNotifications}>
        <legend className="text-sm font-semibold text-slate-600">
          {settingsStrings.settings.kinds}
        </legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <Toggle
            key={kind}
            label={settingsStrings.notifications.kinds[kind]}
            checked={settings.notifyKinds[kind]}
            disabled={saving === `notifyKinds/${kind}`}
            onChange={(value) => void save({ key: 'notifyKinds', kind, value })}
          />
        ))}
      </fieldset>
    </SettingsSection>
  );
}
