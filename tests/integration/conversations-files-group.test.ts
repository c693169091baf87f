import { get, ref, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { sendConversationFile } from '../../src/features/conversations/files/conversations-file-thunks';
import { forwardMessage } from '../../src/features/conversations/message-actions/conversations-forward-thunks';
import { firstLine } from '../../src/features/conversations/quotes/message-first-line';
import { messageAlertOf } from '../../src/features/notifications/message-alerts';
import { messageNotice } from '../../src/features/notifications/desktop-notification';
import { selectConversationMessages } from '../../src/features/conversations/timeline/conversations-selectors';
import { chatScreenEntered } from '../../src/features/conversations/timeline/conversations-slice';
import { directKey, groupKey } from '../../src/lib/conversation-key';
import type { ConversationMessage } from '../../src/lib/firebase/conversations/message';
import { toBase64Url } from '../../src/lib/crypto/crypto-bytes';
import { sha256 } from '../support/digest';
import { adminGet } from '../support/backend';
import { hikersThroughGateways } from '../support/hikers-group';
import { befriend, cleanBackendPerTest, eventually } from './app-clients';
import { deviceApp, type DeviceApp } from './encryption-device-apps';

// File and voice messages in a sealed group, between the members' sealing apps. Each member runs
// a device app (every gateway over its own client, sealing with its own keys). A store from
// `storeFor` reads messages through `person.conversations`, which app-clients.ts makes without
// crypto: there a sealed group message, even a plain text, shows as not opened ('no-key').
const { signUp, stopAfterTest } = cleanBackendPerTest();

function randomBlob(size: number, type: string) {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
  }
  return new Blob([bytes], { type });
}

function shownGroup(app: DeviceApp, groupId: string) {
  if (app.store.getState().conversations.selectedGroup !== groupId) {
    app.store.dispatch(chatScreenEntered());
    app.store.dispatch(groupChatShown(groupId));
  }
  return app;
}

/** Message `id` as `app` shows it, once opened (with its file's descriptor, if any). */
async function shownMessage(app: DeviceApp, id: string): Promise<ConversationMessage> {
  let found: ConversationMessage | undefined;
  await eventually(() => {
    found = selectConversationMessages(app.store.getState()).find((m) => m.id === id);
    expect(found?.sealed).toBe('open');
    if (found?.file) expect(found.file.descriptor).toBeTruthy();
  }, 30_000);
  if (!found) throw new Error('not shown');
  return found;
}

async function hikers() {
  const alice = await signUp('Alice');
  const bob = await signUp('Bob');
  const carol = await signUp('Carol');
  await befriend(alice, bob);
  const { id: aliceCarol } = await befriend(alice, carol);
  // Alice's friend, not in the group.
  const dave = await signUp('Dave');
  await befriend(alice, dave);
  const groupId = await hikersThroughGateways(alice, [bob, carol]);
  const a = shownGroup(await deviceApp(alice, stopAfterTest), groupId);
  const b = shownGroup(await deviceApp(bob, stopAfterTest), groupId);
  const c = shownGroup(await deviceApp(carol, stopAfterTest), groupId);
  for (const app of [a, b, c]) {
    await eventually(() => expect(app.store.getState().memberships.rosters[groupId]).toBeDefined());
  }
  return { groupId, aliceCarol, dave, a, b, c };
}

describe('file and voice messages in a sealed group', () => {
  it('arrive byte-identical at every member, quoted and previewed by their words', async () => {
    const { groupId, a, b, c } = await hikers();
    // A plain text first: the group's sealing works before any file goes, and each member's
    // sealing app opens it (a store without crypto would show it 'no-key').
    await a.store.dispatch(sendMessage('maps attached below')).unwrap();
    for (const reader of [b, c]) {
      await eventually(() =>
        expect(
          selectConversationMessages(reader.store.getState()).map((m) => [m.sealed, m.text]),
        ).toContainEqual(['open', 'maps attached below']),
      );
    }

    const pdf = randomBlob(600_000, 'application/pdf');
    const fileId = await a.store
      .dispatch(sendConversationFile({ blob: pdf, name: 'Route map.pdf' }))
      .unwrap();
    const voice = randomBlob(30_000, 'audio/webm;codecs=opus');
    const levels = Array.from({ length: 48 }, (_, i) => (i * 3) % 100);
    const voiceId = await b.store
      .dispatch(
        sendConversationFile({
          blob: voice,
          name: 'voice.webm',
          kind: 'voice',
          durationMs: 12_300,
          levels,
        }),
      )
      .unwrap();

    for (const [reader, id, blob] of [
      [b, fileId, pdf],
      [c, fileId, pdf],
      [a, voiceId, voice],
      [c, voiceId, voice],
    ] as const) {
      const message = await shownMessage(reader, id);
      const got = await reader.gateways.chatFiles.download(groupKey(groupId), message.file!, true);
      expect(got.size).toBe(blob.size);
      expect(await sha256(got)).toBe(await sha256(blob));
    }
    expect((await shownMessage(c, fileId)).file?.descriptor).toMatchObject({
      name: 'Route map.pdf',
      type: 'application/pdf',
      chunks: 3,
    });
    expect((await shownMessage(c, voiceId)).file).toMatchObject({
      kind: 'voice',
      descriptor: { durationMs: 12_300, levels },
    });

    // The group's row shows the voice message's words; a reply quotes the file by its name.
    await eventually(() =>
      expect(c.store.getState().inbox.entries[groupKey(groupId)]?.lastText).toBe(
        'Voice message 0:12',
      ),
    );
    await c.store.dispatch(sendMessage({ text: 'got the map', replyTo: fileId })).unwrap();
    await eventually(() =>
      expect(
        selectConversationMessages(a.store.getState()).find((m) => m.text === 'got the map'),
      ).toMatchObject({ sealed: 'open', replyTo: fileId }),
    );
    expect(firstLine(await shownMessage(a, fileId))).toBe('📎 Route map.pdf');

    // The database holds neither name nor type nor bytes in clear.
    const dump = JSON.stringify(await adminGet('/'));
    expect(dump).toContain('groupFiles');
    expect(dump).not.toContain('Route map');
    expect(dump).not.toContain('application/pdf');
    for (const blob of [pdf, voice]) {
      const start = new Uint8Array(await blob.slice(0, 30).arrayBuffer());
      expect(dump).not.toContain(toBase64Url(start));
      expect(dump).not.toContain(Buffer.from(start).toString('base64'));
    }
  }, 120_000);

  it('are refused to someone outside the group, read or written', async () => {
    const { groupId, dave, a } = await hikers();
    const pdf = randomBlob(300_000, 'application/pdf');
    const fileId = await a.store
      .dispatch(sendConversationFile({ blob: pdf, name: 'Route map.pdf' }))
      .unwrap();
    const node = `groupFiles/${groupId}/${fileId}`;
    expect(await adminGet(`${node}/have/000`)).toBe(true);
    await expect(get(ref(dave.client.db, `${node}/parts/000`))).rejects.toThrow(/permission/i);
    await expect(get(ref(dave.client.db, `groupMessages/${groupId}/${fileId}`))).rejects.toThrow(
      /permission/i,
    );
    // Nor can he add to it, or start a file of his own there.
    await expect(
      update(ref(dave.client.db, node), { 'parts/001': 'QUJD', 'have/001': true }),
    ).rejects.toThrow(/permission/i);
    await expect(
      update(ref(dave.client.db, `groupFiles/${groupId}/-NdaveFile`), {
        owner: dave.uid,
        'parts/000': 'QUJD',
        'have/000': true,
      }),
    ).rejects.toThrow(/permission/i);
    expect(await adminGet(`groupFiles/${groupId}/-NdaveFile`)).toBeNull();
  }, 90_000);

  it('are forwarded from the group and notified by their words', async () => {
    const { groupId, aliceCarol, a, b, c } = await hikers();
    const voice = randomBlob(30_000, 'audio/webm;codecs=opus');
    const voiceId = await b.store
      .dispatch(
        sendConversationFile({
          blob: voice,
          name: 'voice.webm',
          kind: 'voice',
          durationMs: 7_200,
          levels: [10, 40, 90],
        }),
      )
      .unwrap();
    const key = groupKey(groupId);

    // Alice's desktop notification of it: Bob in Hikers, with the voice message's words.
    let entry = a.store.getState().inbox.entries[key];
    await eventually(() => {
      entry = a.store.getState().inbox.entries[key];
      expect(entry).toMatchObject({ lastMessageId: voiceId, lastText: 'Voice message 0:07' });
    });
    // Alice has the group open, so it is read at once: the notice as an unread one would be.
    const alert = messageAlertOf(a.store.getState(), key, { ...entry!, unread: 1 });
    expect(messageNotice(alert!, true)).toMatchObject({
      title: 'Bob in Hikers',
      body: 'Voice message 0:07',
    });

    // Carol forwards it into the group again and to Alice: the same bytes each time.
    const message = await shownMessage(c, voiceId);
    await c.store
      .dispatch(forwardMessage({ message, to: { kind: 'group', id: groupId, name: 'Hikers' } }))
      .unwrap();
    await c.store
      .dispatch(
        forwardMessage({
          message,
          to: { kind: 'direct', id: aliceCarol, name: 'Alice' },
          from: key,
        }),
      )
      .unwrap();
    let copy: ConversationMessage | undefined;
    await eventually(() => {
      copy = selectConversationMessages(a.store.getState()).find(
        (m) => m.forwarded && m.file?.kind === 'voice',
      );
      expect(copy?.file?.descriptor).toMatchObject({ durationMs: 7_200, levels: [10, 40, 90] });
    }, 30_000);
    const got = await a.gateways.chatFiles.download(key, copy!.file!, true);
    expect(await sha256(got)).toBe(await sha256(voice));
    await eventually(
      () =>
        expect(a.store.getState().inbox.entries[directKey(aliceCarol)]?.lastText).toBe(
          'Voice message 0:07',
        ),
      30_000,
    );
  }, 120_000);
});
