import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { formatRecoveryKey } from '../../lib/crypto/recovery-key';
import { useAppDispatch } from '../../store/hooks';
import { encryptionStrings } from './encryption-strings';
import { recoveryPromptClosed } from './encryption-slice';
import { useEncryptionSession } from './use-encryption-session';

/**
 * 'Save your recovery key': the key, shown once, with 'I saved it' and 'Later'. Later keeps the
 * reminder; a key not confirmed before a reload is replaced by a new one the next time.
 */
export function SaveRecoveryKeyDialog() {
  const dispatch = useAppDispatch();
  const session = useEncryptionSession();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [saving, setSaving] = useState(false);
  const close = () => dispatch(recoveryPromptClosed());

  useEffect(() => {
    if (!session) return;
    let live = true;
    session.ring.recoveryKeyToSave().then(
      (key) => live && setText(key),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [session]);

  const copy = async () => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(formatRecoveryKey(text));
      setCopied(true);
    } catch {
      // No clipboard here (an old browser, a denied permission): the key stays on screen to copy.
    }
  };

  const saved = async () => {
    if (!session) return;
    setSaving(true);
    try {
      await session.ring.confirmSaved();
      close();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={encryptionStrings.saveRecoveryTitle}
      description={encryptionStrings.saveRecoveryIntro}
      onClose={close}
    >
      {text ? (
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="mb-2 text-sm font-semibold text-slate-700" id="recovery-key-label">
            {encryptionStrings.recoveryKeyLabel}
          </p>
          <p
            aria-labelledby="recovery-key-label"
            className="font-mono text-lg leading-relaxed tracking-wider break-words text-slate-900 select-all"
            data-testid="recovery-key"
          >
            {formatRecoveryKey(text)}
          </p>
        </div>
      ) : failed ? null : (
        <p role="status" className="text-sm text-slate-500">
          {encryptionStrings.makingKey}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {encryptionStrings.saveFailed}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => void copy()} disabled={!text}>
          {copied ? encryptionStrings.copied : encryptionStrings.copy}
        </Button>
        <Button variant="secondary" onClick={close}>
          {encryptionStrings.later}
        </Button>
        <Button loading={saving} disabled={!text} onClick={() => void saved()}>
          {encryptionStrings.savedIt}
        </Button>
      </div>
    </Modal>
  );
}
