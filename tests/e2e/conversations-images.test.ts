import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { gradientPng } from '../../scripts/gradient-png';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { shellStrings } from '../../src/app/shell/shell-strings';
import { spec } from '../../src/strings/spec';
import { browserPerSuite, describeBrowser, shot } from '../support/browser';
import { befriend, createPerson, loginPage, row } from './app-home-steps';
import { dropImage, pasteImage } from './conversations-image-transfer';

const chat = (page: Page) => page.getByRole('region', { name: conversationsStrings.chat.label });

async function openChatWith(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: shellStrings.layout.messages }).click();
  await page.waitForURL('**/pages/messages');
  await row(page, spec.panels.friendList, name).getByRole('button', { name, exact: true }).click();
  await chat(page).getByRole('heading', { name }).waitFor();
}

const rotation = (page: Page) =>
  page.locator('.yarl__slide_current [data-rotation]').first().getAttribute('data-rotation');

describeBrowser('image messages, the lightbox and the emoji picker', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('a photo reaches the friend as a thumbnail and opens in the lightbox', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eImagesAliceBob01', alice, bob);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await Promise.all([openChatWith(a, 'Bob'), openChatWith(b, 'Alice')]);

    // A file that is not an image is refused with its reason, and nothing is sent.
    const input = chat(a).getByTestId('chat-image-input');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await chat(a)
      .getByRole('alert')
      .getByText(conversationsStrings.chatImages.errors.notImage)
      .waitFor();
    // A corrupt "image" is refused too.
    await input.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await chat(a)
      .getByRole('alert')
      .getByText(conversationsStrings.chatImages.errors.corrupt)
      .waitFor();
    expect(
      await chat(a)
        .getByRole('button', { name: /^Open photo/ })
        .count(),
    ).toBe(0);

    // A caption typed first goes with the photo.
    await chat(a)
      .getByRole('textbox', { name: conversationsStrings.chat.inputLabel })
      .fill('Sunset');
    await input.setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: gradientPng(2400, 1600),
    });
    const mine = chat(a).getByRole('button', {
      name: conversationsStrings.chatImages.open('Sunset'),
    });
    await mine.waitFor();
    await expect.poll(() => mine.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    expect(await chat(a).getByRole('alert').count()).toBe(0);

    // Bob sees the thumbnail at the photo's aspect ratio (3:2), with the caption.
    const theirs = chat(b).getByRole('button', {
      name: conversationsStrings.chatImages.open('Sunset'),
    });
    await theirs.waitFor();
    const thumb = theirs.getByRole('img', { name: 'Sunset' });
    await thumb.waitFor();
    const src = (await thumb.getAttribute('src')) ?? '';
    expect(src).toMatch(/^data:image\/(webp|jpeg);base64,/);
    const box = await theirs.boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(1.5, 1);
    await chat(b).getByText('Sunset', { exact: true }).waitFor();
    await shot(b, 'chat-images-1-bob-thumbnail');

    // The lightbox: the full image replaces the thumbnail; zoom, rotate, download, close.
    await theirs.click();
    const dialog = b.getByRole('dialog');
    await dialog.waitFor();
    const slideImage = b.locator('.yarl__slide_current img').first();
    await expect
      .poll(async () => ((await slideImage.getAttribute('src')) ?? '').length, { timeout: 15_000 })
      .toBeGreaterThan(src.length);
    await b.getByRole('button', { name: 'Zoom in' }).click();
    await b.getByRole('button', { name: 'Zoom out' }).waitFor();
    await b.keyboard.press('-');
    await b
      .getByRole('button', { name: conversationsStrings.chatImages.lightbox.rotateRight })
      .click();
    expect(await rotation(b)).toBe('90');
    await b
      .getByRole('button', { name: conversationsStrings.chatImages.lightbox.rotateLeft })
      .click();
    await b
      .getByRole('button', { name: conversationsStrings.chatImages.lightbox.rotateLeft })
      .click();
    expect(await rotation(b)).toBe('-90');
    await shot(b, 'chat-images-2-bob-lightbox');
    const [download] = await Promise.all([
      b.waitForEvent('download'),
      b.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^chatty-photo-\d{4}-\d{2}-\d{2}-\d{4}\.(webp|jpg)$/,
    );
    await b.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the image that opened the lightbox.
    await expect.poll(() => theirs.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a pasted photo and a dropped one both reach the friend', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eImagesAliceBob02', alice, bob);
    const [a, b] = await Promise.all([
      loginPage(browser(), alice.email),
      loginPage(browser(), bob.email),
    ]);
    await Promise.all([openChatWith(a, 'Bob'), openChatWith(b, 'Alice')]);
    const field = chat(a).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await pasteImage(field, gradientPng(800, 600));
    await chat(b)
      .getByRole('button', { name: conversationsStrings.chatImages.open('') })
      .first()
      .waitFor();
    // Dropped onto the message list, not the field: the whole chat takes photos.
    await dropImage(
      chat(a).getByRole('region', { name: conversationsStrings.chat.scroller }),
      gradientPng(600, 900),
    );
    await expect
      .poll(
        () =>
          chat(b)
            .getByRole('button', { name: conversationsStrings.chatImages.open('') })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(2);
    await chat(b)
      .getByRole('button', { name: conversationsStrings.chatImages.open('') })
      .last()
      .click();
    await b.getByRole('dialog').waitFor();
    await b.keyboard.press('Escape');
    await b.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it("the emoji picker's search inserts an emoji", async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eImagesAliceBob01', alice, bob);
    const a = await loginPage(browser(), alice.email);
    await openChatWith(a, 'Bob');
    await chat(a).getByRole('button', { name: conversationsStrings.chat.emoji }).click();
    const picker = chat(a).getByRole('dialog', { name: conversationsStrings.chat.emojiPalette });
    const search = picker.getByRole('combobox', {
      name: conversationsStrings.chatImages.emojiSearch,
    });
    await search.fill('rocket');
    await picker
      .getByRole('option', { name: /rocket/i })
      .first()
      .click();
    const field = chat(a).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await expect.poll(() => field.inputValue()).toBe('🚀');
    await picker.waitFor({ state: 'detached' });
  });

  it('the emoji picker works from the keyboard, loads its data from the app and keeps it', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    await befriend('-Ne2eImagesAliceBob01', alice, bob);
    const a = await loginPage(browser(), alice.email);
    const dataUrls: string[] = [];
    a.on('request', (request) => {
      if (/\/assets\/data-[\w-]+\.json$/.test(request.url())) dataUrls.push(request.url());
    });
    await openChatWith(a, 'Bob');
    const field = chat(a).getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
    await field.fill('Hi !');
    await field.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 3));
    const icon = chat(a).getByRole('button', { name: conversationsStrings.chat.emoji });
    await icon.focus();
    await a.keyboard.press('Enter');
    const picker = chat(a).getByRole('dialog', { name: conversationsStrings.chat.emojiPalette });
    const search = picker.getByRole('combobox', {
      name: conversationsStrings.chatImages.emojiSearch,
    });
    // The search field has the focus: type, arrow down to the first result, Enter picks it.
    await picker.getByRole('tab').first().waitFor();
    await a.waitForFunction(() => document.activeElement?.tagName === 'EMOJI-PICKER');
    await a.keyboard.type('rocket');
    await picker
      .getByRole('option', { name: /rocket/i })
      .first()
      .waitFor();
    await search.press('ArrowDown');
    // The result ArrowDown made active (read then: the first one read earlier could still be
    // an earlier key's, 'ro'). Its name is the emoji, then its names ('🧑‍🚀, astronaut').
    const active = await search.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const label = await picker.locator(`[id="${active ?? ''}"]`).getAttribute('aria-label');
    expect(label).toMatch(/rocket|astronaut/i);
    const emoji = label?.split(',')[0] ?? '';
    expect(emoji).not.toBe('');
    await search.press('Enter');
    await picker.waitFor({ state: 'detached' });
    // Inserted at the caret, and the field has the focus back.
    expect(await field.inputValue()).toBe(`Hi ${emoji}!`);
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    // Escape closes it and gives the focus back to the icon.
    await icon.click();
    await search.waitFor();
    await a.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await icon.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await icon.getAttribute('aria-expanded')).toBe('false');

    // The data came from the app's own hashed asset, and the picker keeps it in IndexedDB.
    expect(dataUrls.length).toBeGreaterThan(0);
    expect(new URL(dataUrls[0] ?? '').origin).toBe(new URL(a.url()).origin);
    const stored = await a.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name ?? ''),
    );
    expect(stored).toContain('emoji-picker-element-en');
  });
});
