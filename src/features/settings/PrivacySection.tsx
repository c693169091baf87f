import { useAppSelector } from '../../store/hooks';
import { settingsStrings } from './settings-strings';
import { selectSettings } from './settings-slice';
import { SettingsSection } from './SettingsSection';
import { Toggle } from './Toggle';
import { useSaveSetting } from './use-save-setting';

/** Presence, read receipts, who may send me friend requests: each enforced by the rules. */
export function PrivacySection() {
  const settings = useAppSelector(selectSettings);
  const { save, saving } = useSaveSetting();
  if (!settings) return null;
  return (
    <SettingsSection title={settingsStrings.settings.privacy}>
      <Toggle
        label={settingsStrings.settings.showPresence}
        checked={settings.showPresence}
        disabled={saving === 'showPresence'}
        onChange={(value) => void save({ key: 'showPresence', value })}
      />
      <Toggle
        label={settingsStrings.settings.readReceipts}
        checked={settings.readReceipts}
        disabled={saving === 'readReceipts'}
        onChange={(value) => void save({ key: 'readReceipts', value })}
      />
      <div className="flex items-center justify-between gap-4 py-2">
        <label htmlFor="friend-request-policy" className="text-slate-700">
          {settingsStrings.settings.friendRequests}
        </label>
        <select
          id="friend-request-policy"
          value={settings.friendRequests}
          disabled={saving === 'friendRequests'}
          onChange={(event) =>
            void save({
              key: 'friendRequests',
              value: event.target.value === 'nobody' ? 'nobody' : 'everyone',
            })
          }
          className="rounded-lg border border-slate-300 px-3 py-2"
        >
          <option value="everyone">{settingsStrings.settings.everyone}</option>
          <option value="nobody">{settingsStrings.settings.nobody}</option>
        </select>
      </div>
    </SettingsSection>
  );
}
