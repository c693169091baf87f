import { useState } from 'react';
import { toast } from '../../components/toast';
import { useAppDispatch } from '../../store/hooks';
import { settingsStrings } from './settings-strings';
import { saveSetting, type SettingChange } from './settings-thunks';

/**
 * Saves one setting and says so: 'Saved' on success; a failure's toast comes from the app-level
 * listener. `saving` names the key being written, so its control waits for the answer.
 */
export function useSaveSetting() {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState<string | null>(null);
  const save = async (change: SettingChange) => {
    const key = change.key === 'notifyKinds' ? `notifyKinds/${change.kind}` : change.key;
    setSaving(key);
    try {
      const result = await dispatch(saveSetting(change));
      if (saveSetting.fulfilled.match(result)) toast.success(settingsStrings.settings.saved);
    } finally {
      setSaving(null);
    }
  };
  return { save, saving };
}
