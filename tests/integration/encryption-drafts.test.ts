import { describe, expect, it } from 'vitest';
import { selectDraftOf } from '../../src/features/conversations/composer/conversations-drafts-slice';
import { saveDraft } from '../../src/features/conversations/composer/conversations-drafts-thunks';
import {
  selectDraftsKeyState,
  selectThisDevice,
} from '../../src/features/encryption/encryption-slice';
import { directKey } from '../../src/lib/conversation-key';
import { adminGet, adminSet } from '../support/backend';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { anotherDevice, deviceApp } from './encryption-device-apps';

// Drafts sealed with a key only my own devices hold (derived from the key backup's).
const { signUp, stopAfterTest } = cleanBackendPerTest();

const WORDS = ['Marguerite', 'tent', 'Thursday'];
const TYPED = 'bring the blue tent to Marguerite on Thursday';

describe('drafts on two devices of one person', () => {
  it('shows a draft typed on one on the other once approved, never in the database, and an unapproved device neither reads nor replaces it', async () => {
    const bob = await signUp('Bob');
    const alice = await signUp('Alice');
    const { id: conversationId } = await befriend(alice, bob);
    const key = directKey(conversationId);
    const stored = `drafts/${bob.uid}/direct/${conversationId}`;

    const phone = await deviceApp(bob, stopAfterTest);
    await eventually(() => expect(selectDraftsKeyState(phone.store.getState())).toBe('held'));
    await phone.store.dispatch(saveDraft({ key, draft: { text: TYPED, replyTo: '-Nmsg1' } }));
    const sealed = (await adminGet(stored)) as { text: string; replyTo: string };
    expect(sealed.text).toMatch(/^s1\./);
    expect(sealed.replyTo).toBe('-Nmsg1');
    await eventually(() =>
      expect(selectDraftOf(phone.store.getState(), key)).toEqual({
        text: TYPED,
        replyTo: '-Nmsg1',
      }),
    );

    // A new device: it has no drafts key until approved, shows no draft and writes none.
    const laptop = await deviceApp(await anotherDevice(bob, stopAfterTest), stopAfterTest);
    await eventually(() => {
      expect(selectDraftsKeyState(laptop.store.getState())).toBe('none');
      expect(selectDraftOf(laptop.store.getState(), key)).toEqual({ text: '', locked: true });
    });
    await laptop.store.dispatch(saveDraft({ key, draft: { text: 'typed on the laptop' } }));
    expect(await adminGet(`${stored}/text`)).toBe(sealed.text);

    const laptopId = selectThisDevice(laptop.store.getState()) ?? '';
    await (await phone.session()).ring.approve(laptopId);
    await eventually(() => {
      expect(selectDraftsKeyState(laptop.store.getState())).toBe('held');
      expect(selectDraftOf(laptop.store.getState(), key)).toEqual({
        text: TYPED,
        replyTo: '-Nmsg1',
      });
    }, 15_000);

    // Edited on the laptop, it shows on the phone; the owner's whole dump holds none of it.
    await laptop.store.dispatch(saveDraft({ key, draft: { text: `${TYPED} at noon` } }));
    await eventually(() =>
      expect(selectDraftOf(phone.store.getState(), key)?.text).toBe(`${TYPED} at noon`),
    );
    const dump = JSON.stringify(await adminGet('/'));
    for (const word of [...WORDS, 'noon']) expect(dump).not.toContain(word);
  });

  it('still reads a clear draft from before, and shows a tampered one as none', async () => {
    const bob = await signUp('Bob');
    const alice = await signUp('Alice');
    const { id: conversationId } = await befriend(alice, bob);
    const key = directKey(conversationId);
    const stored = `drafts/${bob.uid}/direct/${conversationId}`;
    await adminSet(stored, { text: 'written before the switch', at: 1 });
    const phone = await deviceApp(bob, stopAfterTest);
    await eventually(() =>
      expect(selectDraftOf(phone.store.getState(), key)).toEqual({
        text: 'written before the switch',
      }),
    );
    await eventually(() => expect(selectDraftsKeyState(phone.store.getState())).toBe('held'));
    await phone.store.dispatch(saveDraft({ key, draft: { text: TYPED } }));
    const text = (await adminGet(`${stored}/text`)) as string;
    expect(text).toMatch(/^s1\./);
    // A character inside the ciphertext (the last one may hold only padding bits).
    const flipped = text.at(-5) === 'A' ? 'B' : 'A';
    await adminSet(`${stored}/text`, `${text.slice(0, -5)}${flipped}${text.slice(-4)}`);
    await eventually(() =>
      expect(selectDraftOf(phone.store.getState(), key)).toEqual({ text: '', locked: true }),
    );
  });
});
