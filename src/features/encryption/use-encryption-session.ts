import { useEffect, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { encryptionSession, type EncryptionSession } from './encryption-session';
import { selectEncryptionOwner, selectEncryptionStatus } from './encryption-slice';

/** The signed-in user's encryption session once this device's key is ready; null before. */
export function useEncryptionSession(): EncryptionSession | null {
  const owner = useAppSelector(selectEncryptionOwner);
  const status = useAppSelector(selectEncryptionStatus);
  const [found, setFound] = useState<{ owner: string; session: EncryptionSession } | null>(null);
  useEffect(() => {
    if (!owner || status !== 'ready') return;
    let live = true;
    void encryptionSession(owner).then((session) => {
      if (live && session) setFound({ owner, session });
    });
    return () => {
      live = false;
    };
  }, [owner, status]);
  return found && found.owner === owner ? found.session : null;
}
