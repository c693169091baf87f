import { useEffect, useState } from 'react';
import { safetyCode, type SafetyParty } from '../../lib/crypto/safety-code';
import type { DirectoryDevice } from '../../lib/firebase/encryption';
import type { SecurityCodeRecord } from '../../lib/firebase/encryption';
import { useAppSelector, useGateways } from '../../store/hooks';
import { selectEncryptionOwner, selectMyDevices } from './encryption-slice';
import { compareSecurityCode, type CodeComparison } from './security-code-state';

export type SecurityCodeView =
  | { kind: 'loading' }
  /** One of us has no published device: nothing to compare. */
  | { kind: 'none' }
  | ({
      kind: 'ready';
      code: string;
      me: string;
      stored: SecurityCodeRecord | null;
    } & CodeComparison);

/**
 * Codes already worked out, by their input: the header, the notice and the dialog of one chat ask
 * for the same code, and each costs 10,400 SHA-512 rounds. A handful of friends at a time.
 */
const workedOut = new Map<string, Promise<string>>();
function codeFor(input: string, mine: SafetyParty, theirs: SafetyParty) {
  let code = workedOut.get(input);
  if (!code) {
    if (workedOut.size > 50) workedOut.clear();
    code = safetyCode(mine, theirs);
    workedOut.set(input, code);
    code.catch(() => workedOut.delete(input));
  }
  return code;
}

/**
 * The security code with `friendUid`, live: from my published devices and theirs (a new or
 * removed device changes it), compared with what I saw last.
 */
export function useSecurityCode(friendUid: string): SecurityCodeView {
  const { encryption } = useGateways();
  const me = useAppSelector(selectEncryptionOwner);
  const myDevices = useAppSelector(selectMyDevices);
  const [theirs, setTheirs] = useState<{ uid: string; devices: DirectoryDevice[] } | null>(null);
  const [stored, setStored] = useState<{ uid: string; record: SecurityCodeRecord | null } | null>(
    null,
  );
  const [code, setCode] = useState<{ input: string; code: string } | null>(null);

  useEffect(
    () =>
      encryption.subscribeDevices(friendUid, (devices) => setTheirs({ uid: friendUid, devices })),
    [encryption, friendUid],
  );
  useEffect(() => {
    if (!me) return;
    return encryption.subscribeSecurityCode(me, friendUid, (record) =>
      setStored({ uid: friendUid, record }),
    );
  }, [encryption, me, friendUid]);

  const theirKeys = theirs?.uid === friendUid ? theirs.devices.map((d) => d.publicKey) : null;
  const myKeys = myDevices.map((d) => d.publicKey);
  const input =
    me && theirKeys
      ? JSON.stringify([me, [...myKeys].sort(), friendUid, [...theirKeys].sort()])
      : null;
  useEffect(() => {
    if (!input) return;
    // Everything the code is made of is in `input`, so it alone decides when to work it out again.
    const [mine, myKeyList, friend, theirKeyList] = JSON.parse(input) as [
      string,
      string[],
      string,
      string[],
    ];
    if (!myKeyList.length || !theirKeyList.length) return;
    let live = true;
    void codeFor(
      input,
      { uid: mine, publicKeys: myKeyList },
      { uid: friend, publicKeys: theirKeyList },
    ).then(
      (found) => live && setCode({ input, code: found }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [input]);

  if (!me || !theirKeys || stored?.uid !== friendUid) return { kind: 'loading' };
  if (!theirKeys.length || !myKeys.length) return { kind: 'none' };
  if (code?.input !== input) return { kind: 'loading' };
  return {
    kind: 'ready',
    code: code.code,
    me,
    stored: stored.record,
    ...compareSecurityCode(code.code, stored.record, me, friendUid),
  };
}
