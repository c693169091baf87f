import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/conversations/sending/conversations-thunks';
import { createIdentity, signDevice } from '../../src/lib/crypto/signing';
import { adminGet, adminUpdate } from '../support/backend';
import { cleanBackendPerTest, eventually } from './app-clients';
import { alicePlusBob, onlyDevice, sendAndRead, texts } from './encryption-operator-steps';

// Bob's identity key changes (a reset: a new key signs his phone). Alice's app
// sends him nothing under the new key until she accepts it; once she does ('OK' on the changed
// code), what she sent meanwhile is wrapped for his phone and opens there.
const { signUp, stopAfterTest } = cleanBackendPerTest();

describe('a changed identity key, accepted', () => {
  it('holds back the keys until accepted, then serves what was sent meanwhile', async () => {
    const { bob, conversationId, a, b } = await alicePlusBob(signUp, stopAfterTest);
    await sendAndRead(a, b, 'before the reset');
    const { deviceId, entry } = await onlyDevice(bob.uid);
    const renewed = await createIdentity();
    const phone = { deviceId, publicKey: entry.publicKey as string };
    await adminUpdate({
      [`identityKeys/${bob.uid}`]: { publicKey: renewed.identity.publicKey, createdAt: Date.now() },
      [`deviceKeys/${bob.uid}/${deviceId}/signature`]: await signDevice(
        renewed.identity,
        bob.uid,
        phone,
      ),
    });

    await a.store.dispatch(sendMessage('sent while your key was new to me')).unwrap();
    // Sealed, and owed to Bob: no device of his is trusted under the pinned key.
    const askedUnserved = async () => {
      const waits = (await adminGet(`conversationKeyWaits/${conversationId}/${bob.uid}`)) as Record<
        string,
        { asked?: number; served?: boolean }
      > | null;
      return Object.values(waits ?? {}).some((w) => w.asked && !w.served);
    };
    const deadline = Date.now() + 15_000;
    while (!(await askedUnserved())) {
      if (Date.now() > deadline) throw new Error('Bob never asked for the epoch owed to him');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Alice's app reads the ask and finds no device it trusts; given time to, it would have
    // served by now if it were going to (an ordering wait, nothing timed is asserted).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(texts(b)).not.toContain('sent while your key was new to me');

    await (await a.session()).trust.accept(bob.uid, renewed.identity.publicKey, false);
    await eventually(() => expect(texts(b)).toContain('sent while your key was new to me'), 15_000);
  });
});
