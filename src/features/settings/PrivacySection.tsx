import { useAppSelector } from '../../store/hooks';
import { strings } from '../../strings';
import { selectSettings } from './settings-slice';
import { SettingsSection } from './SettingsSection';
import { Toggle } from './Toggle';
import { useSaveSetting } from './use-save-setting';

const s = strings.settings;

/** Presence, read receipts, who may send me friend requests: each enforced by the rules. */
export function PrivacySection() {
  const settings = useAppSelector(selectSettings);
  const { save, saving } = useSaveSetting();
  if (!settings) return null;
  return (
    <SettingsSection title={s.privacy}>
      <Toggle
        label={s.showPresence}
        checked={settings.showPresence}
        disabled={saving === 'showPresence'}
        onChange={(value) => void save({ key: 'showPresence', value })}
      />
      <Toggle
        label={s.readReceipts}
        checked={settings.readReceipts}
        disabled={saving === 'readReceipts'}
        onChange={(value) => void save({ key: 'readReceipts', value })}
      />
      <div className="flex items-center justify-between gap-4 py-2">
        <label htmlFor="friend-request-policy" className="text-slate-700">
          {s.friendRequests}
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
          <option value="everyone">{s.everyone}</option>
          <option value="nobody">{s.nobody}</option>
        </select>
      </div>
    </SettingsSection>
  );
}
