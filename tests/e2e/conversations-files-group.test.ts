import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { filesStrings } from '../../src/features/conversations/files/files-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { chat, createGroup, openMessages } from '../support/conversation-steps';
import { createPerson, loginPage, row } from './app-home-steps';
import { sha256Hex } from '../support/digest';

// A voice message and a file in a sealed group, in two browsers: Chromium's fake microphone
// records, the other member plays and downloads.
const groupId = '-Ne2eGroupFiles00001';
const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

async function openHikers(page: Page): Promise<void> {
  await row(page, spec.panels.groupList, 'Hikers')
    .getByRole('button', { name: /^Hikers/ })
    .click();
  await chat(page).getByRole('heading', { name: 'Hikers' }).waitFor();
}

describeBrowser('file and voice messages in a group', () => {
  const browser = browserPerSuite({ resetBackend: true, args: FAKE_MICROPHONE });

  it('a member plays the voice message and downloads the file another posted', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await createGroup(groupId, alice, [bob]);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await a.context().grantPermissions(['microphone']);
    await Promise.all([openMessages(a), openMessages(b)]);
    await Promise.all([openHikers(a), openHikers(b)]);

    // Alice records about two seconds and sends it.
    await chat(a).getByRole('button', { name: filesStrings.voice.record }).click();
    const recorder = chat(a).getByRole('group', { name: filesStrings.voice.recording });
    await recorder.getByRole('timer').getByText('0:02').waitFor({ timeout: 10_000 });
    await recorder.getByRole('button', { name: filesStrings.voice.stop }).click();
    const recorded = await recorder
      .locator('[data-voice-player] [data-voice-duration]')
      .innerText();
    await recorder.getByRole('button', { name: filesStrings.voice.sendLabel }).click();

    // Bob plays it to its end: its duration, the unplayed dot gone, audio as long as it says.
    const player = chat(b).locator('[data-voice-player]').last();
    await player.waitFor({ timeout: 20_000 });
    expect(await player.locator('[data-voice-duration]').innerText()).toBe(recorded);
    await player.getByText(filesStrings.voice.unplayed).waitFor();
    await player.getByRole('button', { name: filesStrings.voice.play, exact: true }).click();
    await player.getByRole('button', { name: filesStrings.voice.pause, exact: true }).waitFor();
    await expect.poll(() => player.getByText(filesStrings.voice.unplayed).count()).toBe(0);
    await player
      .getByRole('button', { name: filesStrings.voice.play, exact: true })
      .waitFor({ timeout: 15_000 });
    const [minutes, seconds] = recorded.split(':').map(Number) as [number, number];
    const media = Number(await player.getAttribute('data-media-ms'));
    expect(Math.abs(media - (minutes * 60 + seconds) * 1000)).toBeLessThan(1000);

    // Alice attaches a PDF; Bob downloads the very bytes under its name.
    const bytes = new Uint8Array(400_000).map((_, i) => (i * 7919) % 251);
    await chat(a)
      .getByTestId('chat-file-input')
      .setInputFiles({
        name: 'Route map.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(bytes),
      });
    const download = chat(b).getByRole('button', { name: filesStrings.download('Route map.pdf') });
    await download.waitFor({ timeout: 20_000 });
    await shot(b, 'group-files-bob');
    const [saved] = await Promise.all([b.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe('Route map.pdf');
    expect(sha256Hex(await readFile(await saved.path()))).toBe(sha256Hex(bytes));

    // Sealed: the group's stored messages and chunks hold neither the name nor the bytes.
    const stored = JSON.stringify([
      await adminGet(`groupMessages/${groupId}`),
      await adminGet(`groupFiles/${groupId}`),
    ]);
    expect(stored).not.toContain('Route map');
    expect(stored).not.toContain(Buffer.from(bytes.subarray(0, 30)).toString('base64'));
  });
});
