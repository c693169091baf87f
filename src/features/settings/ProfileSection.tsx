import { Suspense, useState, type SyntheticEvent } from 'react';
import { toast } from '../../components/toast';
import { ValidationError } from 'yup';
import { useAppSelector, useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { componentsStrings } from '../../components/components-strings';
import { settingsStrings } from './settings-strings';
import { libStrings } from '../../lib/lib-strings';
import { spec } from '../../strings/spec';
import { registerSchema } from '../auth';
import { ProfilePictureModal } from '../profiles';
import { selectActiveUser } from '../../store/session';
import { selectMyProfile } from '../profiles';
import { accountErrorMessage } from './account-errors';
import { SettingsSection } from './SettingsSection';

function nameProblem(value: string): string | null {
  try {
    registerSchema.validateSyncAt('fullName', { fullName: value });
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : libStrings.app.errorUnknown;
  }
}

/** My display name (the registration rules) and the profile picture popup. */
export function ProfileSection() {
  const user = useAppSelector(selectActiveUser);
  const profile = useAppSelector(selectMyProfile);
  const { account } = useGateways();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [picture, setPicture] = useState(false);
  if (!user) return null;
  const stored = profile?.username ?? user.displayName;
  const name = draft ?? stored;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setError(problem);
    if (problem || name === stored) return;
    setSaving(true);
    try {
      await account.changeName(user.uid, name);
      setDraft(null);
      toast.success(settingsStrings.settings.nameSaved);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const close = () => setPicture(false);
  return (
    <SettingsSection title={settingsStrings.settings.profile}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <TextField
          label={settingsStrings.settings.displayName}
          autoComplete="nickname"
          value={name}
          error={error ?? undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={saving}>
            {settingsStrings.settings.saveName}
          </Button>
          <Button variant="secondary" onClick={() => setPicture(true)}>
            {settingsStrings.settings.changePicture}
          </Button>
        </div>
      </form>
      {picture ? (
        <Suspense
          fallback={
            <Modal title={spec.profile.changePicture} onClose={close}>
              <p>{componentsStrings.app.loading}</p>
            </Modal>
          }
        >
          <ProfilePictureModal uid={user.uid} onClose={close} />
        </Suspense>
      ) : null}
    </SettingsSection>
  );
}
