import { useAppSelector } from '../../store/hooks';
import { componentsStrings } from '../../components/components-strings';
import { settingsStrings } from './settings-strings';
import { spec } from '../../strings/spec';
import { DeviceList, encryptionStrings } from '../encryption';
import { AccountSection } from './AccountSection';
import { SettingsSection } from './SettingsSection';
import { NotificationSettingsSection } from './NotificationSettingsSection';
import { PrivacySection } from './PrivacySection';
import { ProfileSection } from './ProfileSection';
import { selectSettingsStatus } from './settings-slice';

/** /pages/settings: each section saves on its own and says whether it worked. */
export function SettingsPage() {
  const status = useAppSelector(selectSettingsStatus);
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto">
      <h1 className="text-2xl font-semibold text-slate-800">{spec.placeholders.settings}</h1>
      <ProfileSection />
      <AccountSection />
      {status === 'error' ? (
        <p role="alert" className="text-red-600">
          {settingsStrings.settings.loadFailed}
        </p>
      ) : status !== 'ready' ? (
        <p role="status" className="text-slate-500">
          {componentsStrings.app.loading}
        </p>
      ) : (
        <>
          <PrivacySection />
          <NotificationSettingsSection />
        </>
      )}
      <SettingsSection title={encryptionStrings.devicesTitle}>
        <DeviceList />
      </SettingsSection>
    </div>
  );
}
