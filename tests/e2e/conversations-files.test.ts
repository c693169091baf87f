import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { filesStrings } from '../../src/features/conversations/files/files-strings';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { spec } from '../../src/strings/spec';
import { demoPassword } from '../../scripts/demo/users';
import { browserPerSuite, describeBrowser, shot } from '../support/browser';
import { aliceAndBob, chat, openFriend, openMessages } from '../support/conversation-steps';
import { loginPage, row, seedDemo } from './app-home-steps';
import { sha256Hex } from '../support/digest';

// File and voice messages end to end, in Chromium with its fake microphone (a steady tone).
const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Runs axe on `selector` (the new controls), failing on any violation. */
async function axeFinds(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describeBrowser('file and voice messages', () => {
  const browser = browserPerSuite({ resetBackend: true, args: FAKE_MICROPHONE });

  it('records, previews and sends a voice message that the friend plays, by keyboard', async () => {
    const { a, b } = await aliceAndBob(browser(), '-Ne2eVoiceAliceBob001', { openChats: true });
    await a.context().grantPermissions(['microphone']);

    // Keyboard only: the microphone, then Stop (focused), then the preview's Send (focused).
    const record = chat(a).getByRole('button', { name: filesStrings.voice.record });
    await record.focus();
    await a.keyboard.press('Enter');
    const recorder = chat(a).getByRole('group', { name: filesStrings.voice.recording });
    const stop = recorder.getByRole('button', { name: filesStrings.voice.stop });
    await stop.waitFor();
    await recorder.getByRole('timer').getByText('0:02').waitFor({ timeout: 10_000 });
    expect(await recorder.getByRole('meter', { name: filesStrings.voice.level }).count()).toBe(1);
    expect(await axeFinds(a, '[aria-label="Recording voice message"]')).toEqual([]);
    await shot(a, 'voice-recording');
    await expect.poll(() => stop.evaluate((el) => el === document.activeElement)).toBe(true);
    await a.keyboard.press('Enter');
    const send = recorder.getByRole('button', { name: filesStrings.voice.sendLabel });
    await send.waitFor();
    // The preview shows the length recorded, and plays before sending.
    const recorded = await recorder
      .locator('[data-voice-player] [data-voice-duration]')
      .innerText();
    expect(recorded).toMatch(/^0:0[2-9]$/);
    const previewPlay = recorder.getByRole('button', {
      name: filesStrings.voice.play,
      exact: true,
    });
    await previewPlay.click();
    await recorder.getByRole('button', { name: filesStrings.voice.pause, exact: true }).waitFor();
    await recorder.getByRole('button', { name: filesStrings.voice.pause, exact: true }).click();
    await shot(a, 'voice-preview');
    await send.focus();
    await a.keyboard.press('Enter');
    await record.waitFor();

    // Bob: the bubble with its duration and the unplayed dot; the list's preview names it.
    const player = chat(b).locator('[data-voice-player]').last();
    await player.waitFor({ timeout: 20_000 });
    const duration = await player.locator('[data-voice-duration]').innerText();
    expect(duration).toBe(recorded);
    await player.getByText(filesStrings.voice.unplayed).waitFor();
    // Alone in its run, it shows its time under it, as a text bubble does.
    const voiceRow = chat(b).locator('[data-message-id]', {
      has: b.locator('[data-voice-player]'),
    });
    expect(await voiceRow.locator('time').innerText()).toMatch(/^\d{1,2}:\d{2}/);
    await row(b, spec.panels.friendList, 'Alice')
      .getByText(`Voice message ${duration}`)
      .first()
      .waitFor();
    expect(await axeFinds(b, '[data-voice-player]')).toEqual([]);

    // Seeking by keyboard: End, then Home.
    const slider = player.getByRole('slider', { name: filesStrings.voice.seek });
    await slider.focus();
    await b.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe(
      await slider.getAttribute('aria-valuemax'),
    );
    await b.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    // Speed: 1× → 1.5× → 2× → 1×.
    await player.getByRole('button', { name: filesStrings.voice.speed('1') }).click();
    await player.getByRole('button', { name: filesStrings.voice.speed('1.5') }).click();
    await player.getByRole('button', { name: filesStrings.voice.speed('2') }).click();
    await player.getByRole('button', { name: filesStrings.voice.speed('1') }).waitFor();

    // Play to the end by keyboard: Pause while it plays, Play again once it ended.
    await player.getByRole('button', { name: filesStrings.voice.play, exact: true }).focus();
    await b.keyboard.press('Enter');
    await player.getByRole('button', { name: filesStrings.voice.pause, exact: true }).waitFor();
    await expect.poll(() => player.getByText(filesStrings.voice.unplayed).count()).toBe(0);
    await player
      .getByRole('button', { name: filesStrings.voice.play, exact: true })
      .waitFor({ timeout: 15_000 });
    // The audio itself lasts what the bubble says (to within a second).
    const [minutes, seconds] = duration.split(':').map(Number) as [number, number];
    const said = (minutes * 60 + seconds) * 1000;
    const media = Number(await player.getAttribute('data-media-ms'));
    expect(media).toBeGreaterThan(said - 1000);
    expect(media).toBeLessThan(said + 1000);
    await shot(b, 'voice-received');
  });

  it('sends a file that the friend downloads byte-identical under its name, by keyboard', async () => {
    const { a, b } = await aliceAndBob(browser(), '-Ne2eFilesAliceBob001', { openChats: true });
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
    const attach = chat(a).getByRole('button', { name: filesStrings.attach });
    const [chooser] = await Promise.all([a.waitForEvent('filechooser'), attach.press('Enter')]);
    await chooser.setFiles({
      name: 'Trip plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(bytes),
    });
    await chat(a)
      .getByRole('button', { name: filesStrings.download('Trip plan.pdf') })
      .waitFor({ timeout: 20_000 });

    const download = chat(b).getByRole('button', { name: filesStrings.download('Trip plan.pdf') });
    await download.waitFor({ timeout: 20_000 });
    await chat(b).getByText('293 KB · PDF document').waitFor();
    expect(await axeFinds(b, '[data-file-bubble]')).toEqual([]);
    await shot(b, 'file-received');
    await download.focus();
    const [saved] = await Promise.all([b.waitForEvent('download'), b.keyboard.press('Enter')]);
    expect(saved.suggestedFilename()).toBe('Trip plan.pdf');
    const path = await saved.path();
    expect(sha256Hex(await readFile(path))).toBe(sha256Hex(bytes));

    // A PDF also opens in a tab of its own.
    const [tab] = await Promise.all([
      b.context().waitForEvent('page'),
      chat(b)
        .getByRole('button', { name: filesStrings.openInTab('Trip plan.pdf') })
        .click(),
    ]);
    await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);

    // Dragged over the conversation, a zone says a drop sends it; dropped, a PDF goes as a file.
    const list = chat(a).getByRole('region', { name: conversationsStrings.chat.scroller });
    await list.evaluate((element) => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4 dropped'], 'Dropped.pdf', { type: 'application/pdf' }));
      const init = { bubbles: true, cancelable: true, dataTransfer: data };
      element.dispatchEvent(new DragEvent('dragenter', init));
      element.dispatchEvent(new DragEvent('dragover', init));
    });
    await a.locator('[data-drop-zone]').getByText(filesStrings.dropHere).waitFor();
    await shot(a, 'file-drop-zone');
    await list.evaluate((element) => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4 dropped'], 'Dropped.pdf', { type: 'application/pdf' }));
      element.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }),
      );
    });
    await a.locator('[data-drop-zone]').waitFor({ state: 'detached' });
    await chat(b)
      .getByRole('button', { name: filesStrings.download('Dropped.pdf') })
      .waitFor({ timeout: 20_000 });

    // Too large: refused with its reason, nothing sent. The file is made in the page: 25 MB
    // carried over the DevTools protocol took longer than the action timeout on a loaded machine.
    await chat(a)
      .getByTestId('chat-file-input')
      .evaluate(
        (input: HTMLInputElement, size) => {
          const data = new DataTransfer();
          data.items.add(
            new File([new Uint8Array(size)], 'big.bin', { type: 'application/octet-stream' }),
          );
          input.files = data.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        },
        25 * 1024 * 1024 + 1,
      );
    await chat(a).getByRole('alert').getByText(filesStrings.tooLarge(25)).waitFor();
  });

  it('shows the demo voice message and PDF together, at desktop and phone sizes', async () => {
    await seedDemo();
    const b = await loginPage(browser(), 'bob@example.com', demoPassword);
    await b.setViewportSize({ width: 1280, height: 720 });
    await openMessages(b);
    await openFriend(b, 'Alice');
    const player = chat(b).locator('[data-voice-player]');
    const card = chat(b).locator('[data-file-bubble]');
    await player.waitFor();
    await card.getByText('Trip plan.pdf').waitFor();
    expect(await player.getByText('0:06').count()).toBe(1);
    await player.getByText(filesStrings.voice.unplayed).waitFor();
    // Both open Alice's run ('See you there!' ends it): like any bubble but a run's last, each
    // carries its time as its tooltip, and the run's last shows it.
    for (const bubble of ['[data-voice-player]', '[data-file-bubble]']) {
      const message = chat(b).locator('[data-message-id]', { has: b.locator(bubble) });
      expect(await message.locator('time').count()).toBe(0);
      expect(await message.locator('[title]').first().getAttribute('title')).toMatch(
        /^\d{1,2}:\d{2}/,
      );
    }
    const runEnd = chat(b).locator('[data-message-id]', { hasText: 'See you there!' });
    expect(await runEnd.locator('time').count()).toBe(1);
    // The demo's bytes are real: the voice plays and the PDF downloads as a PDF.
    await player.getByRole('button', { name: filesStrings.voice.play, exact: true }).click();
    await player.getByRole('button', { name: filesStrings.voice.pause, exact: true }).waitFor();
    const [saved] = await Promise.all([
      b.waitForEvent('download'),
      card.getByRole('button', { name: filesStrings.download('Trip plan.pdf') }).click(),
    ]);
    expect((await readFile(await saved.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await axeFinds(b, '[data-voice-player], [data-file-bubble]')).toEqual([]);
    await shot(b, 'files-demo-1280');
    // At phone width the chat is a screen of its own: the lists first, then Alice's chat.
    await b.setViewportSize({ width: 390, height: 844 });
    if (!(await card.isVisible())) await openFriend(b, 'Alice');
    await card.getByText('Trip plan.pdf').waitFor();
    await player.waitFor();
    // The name keeps one line, its actions under it, not squeezed into a column beside them.
    const name = await card.getByText('Trip plan.pdf').boundingBox();
    const save = await card
      .getByRole('button', { name: filesStrings.download('Trip plan.pdf') })
      .boundingBox();
    expect(name?.height).toBeLessThan(28);
    expect(save?.y).toBeGreaterThanOrEqual((name?.y ?? 0) + (name?.height ?? 0));
    await shot(b, 'files-demo-390');
  });
});
