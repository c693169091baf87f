import { useEffect, useState } from 'react';
import { safetyCode } from '../../lib/crypto/safety-code';
import { useAppSelector, useGateways } from '../../store/hooks';
import { selectEncryptionOwner } from './encryption-slice';
import { useEncryptionSession } from './use-encryption-session';

export type SecurityCodeView =
  | { kind: 'loading' }
  /** One of us has no identity key yet: nothing to compare. */
  | { kind: 'none' }
  | {
      kind: 'ready';
      code: string;
      /** The friend's identity key the code is made of: the one published now. */
      friendKey: string;
      /** I marked this very key verified (on this device). */
      verified: boolean;
      /** The published key is not the one pinned here: 'Bob's security code changed'. */
      changed: boolean;
    };

/**
 * Codes already worked out, by their input: the header, the notice and the dialog of one chat ask
 * for the same code, and each costs 10,400 SHA-512 rounds. A handful of friends at a time.
 */
const workedOut = new Map<string, Promise<string>>();
function codeFor(me: string, myKey: string, friend: string, friendKey: string) {
  const input = `${me}|${myKey}|${friend}|${friendKey}`;
  let code = workedOut.get(input);
  if (!code) {
    if (workedOut.size > 50) workedOut.clear();
    code = safetyCode({ uid: me, identityKey: myKey }, { uid: friend, identityKey: friendKey });
    workedOut.set(input, code);
    code.catch(() => workedOut.delete(input));
  }
  return code;
}

/**
 * The security code with `friendUid`, live: from my identity key as this device knows it (the one
 * it holds, or pinned) and the friend's published one, compared with the friend's key pinned on
 * this device (device-trust.ts). Nothing here is read from the server but the public keys.
 * `groupId`: a co-member, whose key is read through the group's key grant.
 */
export function useSecurityCode(friendUid: string, groupId?: string): SecurityCodeView {
  const { encryption } = useGateways();
  const me = useAppSelector(selectEncryptionOwner);
  const session = useEncryptionSession();
  const [theirs, setTheirs] = useState<{ uid: string; key: string | null } | null>(null);
  const [mine, setMine] = useState<{ uid: string; key: string | null } | null>(null);
  const [pins, setPins] = useState(0);
  const [view, setView] = useState<{ input: string; view: SecurityCodeView } | null>(null);

  useEffect(() => {
    if (!me) return;
    const through = groupId ? { groupId, reader: me } : undefined;
    return encryption.subscribeIdentity(
      friendUid,
      (key) => setTheirs({ uid: friendUid, key }),
      through,
    );
  }, [encryption, friendUid, groupId, me]);
  useEffect(() => {
    if (!me) return;
    return encryption.subscribeIdentity(me, (key) => setMine({ uid: me, key }));
  }, [encryption, me]);
  useEffect(() => session?.trust.subscribe(() => setPins((n) => n + 1)), [session]);

  const ready = session && me && theirs?.uid === friendUid && mine?.uid === me;
  const input = ready ? JSON.stringify([me, mine.key, friendUid, theirs.key, pins]) : null;
  useEffect(() => {
    if (!session || !input) return;
    const [owner, myPublished, friend, theirPublished] = JSON.parse(input) as [
      string,
      string | null,
      string,
      string | null,
    ];
    let live = true;
    void (async (): Promise<SecurityCodeView> => {
      const own = await session.trust.see(owner, myPublished);
      const state = await session.trust.see(friend, theirPublished);
      if (own.kind === 'none' || state.kind === 'none') return { kind: 'none' };
      const friendKey = state.kind === 'changed' ? state.published : state.key;
      const code = await codeFor(owner, own.key, friend, friendKey);
      return {
        kind: 'ready',
        code,
        friendKey,
        verified: state.kind === 'pinned' && state.verified,
        changed: state.kind === 'changed',
      };
    })().then(
      (found) => live && setView({ input, view: found }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session, input]);

  return view && view.input === input ? view.view : { kind: 'loading' };
}
