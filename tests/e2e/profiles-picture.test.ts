import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { profilesStrings } from '../../src/features/profiles/profiles-strings';
import { spec } from '../../src/strings/spec';
import { adminGet, adminUpdate, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { createPerson, dismissToasts, loginPage, row, settle } from './app-home-steps';

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, tail]);
}

/** A width×height RGB PNG: four coloured quadrants around a white disc, easy to recognise. */
function makePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const inDisc = dx * dx + dy * dy < (Math.min(width, height) / 5) ** 2;
      const [r, g, b] = inDisc
        ? [255, 255, 255]
        : x < width / 2
          ? y < height / 2
            ? [239, 68, 68]
            : [34, 197, 94]
          : y < height / 2
            ? [59, 130, 246]
            : [250, 204, 21];
      line.writeUInt8(r, 1 + x * 3);
      line.writeUInt8(g, 2 + x * 3);
      line.writeUInt8(b, 3 + x * 3);
    }
    rows.push(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** True once a stylesheet of the page holds the cropper's rules. */
function cropperCssLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.styleSheets).some((sheet) => {
      try {
        return Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('.cropper-'));
      } catch {
        return false;
      }
    }),
  );
}

/** Loads go through the emulator; the default poll of 1 s is too short on a busy machine. */
const poll = { timeout: 15_000 };

const sidebarPicture = (page: Page) =>
  page.getByRole('button', { name: spec.profile.changePicture }).getByRole('img');

describeBrowser('changing the profile picture', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('crops a chosen picture, uploads it, and the sidebar and a friend show it', async () => {
    const alice = await createPerson('Alice');
    const bob = await createPerson('Bob');
    const conversationId = '-Ne2ePictureFriends1';
    await adminUpdate({
      [`friendList/${conversationId}`]: {
        senderId: alice.uid,
        senderName: 'Alice',
        receiverId: bob.uid,
        receiverName: 'Bob',
        photo: '',
      },
      [`pairs/${pairKey(alice.uid, bob.uid)}`]: conversationId,
    });
    const page = await loginPage(browser(), alice.email);

    // The cropper (and its CSS) is not part of the dashboard; it loads with the popup.
    expect(await cropperCssLoaded(page)).toBe(false);
    await page.getByRole('button', { name: spec.profile.changePicture }).click();
    const dialog = page.getByRole('dialog', { name: spec.profile.changePicture });
    const picker = dialog.getByLabel(profilesStrings.profile.fileLabel);
    await picker.waitFor({ state: 'attached' });
    expect(await cropperCssLoaded(page)).toBe(true);
    const upload = dialog.getByRole('button', { name: spec.profile.upload, exact: true });
    expect(await upload.isDisabled()).toBe(true);
    await settle(page);
    await shot(page, 'profile-picture-1-popup-empty');

    // Not a picture: refused with a message, nothing to upload.
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await dialog.getByRole('alert').getByText(profilesStrings.profile.errors.notImage).waitFor();
    expect(await upload.isDisabled()).toBe(true);

    await picker.setInputFiles({
      name: 'quadrants.png',
      mimeType: 'image/png',
      buffer: makePng(640, 420),
    });
    await dialog.locator('.cropper-crop-box').waitFor();
    await expect.poll(() => upload.isDisabled(), poll).toBe(false);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    // The crop box starts square and as large as the picture allows (autoCropArea 1).
    const box = await dialog.locator('.cropper-crop-box').boundingBox();
    const canvas = await dialog.locator('.cropper-canvas').boundingBox();
    expect(box && canvas).toBeTruthy();
    if (box && canvas) {
      expect(Math.abs(box.width - box.height)).toBeLessThan(2);
      expect(Math.abs(box.height - canvas.height)).toBeLessThan(2);
    }
    await settle(page);
    await shot(page, 'profile-picture-2-cropping');

    await upload.click();
    await page
      .locator('.Toastify__toast', { hasText: profilesStrings.profile.uploaded })
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => sidebarPicture(page).getAttribute('src'), poll)
      .toMatch(/^data:image\/(webp|jpeg);base64,/);
    const shown = (await sidebarPicture(page).getAttribute('src')) ?? '';
    expect(shown.length).toBeLessThan(100_000);
    // What the database holds: the bytes at pictures/{uid}, a short reference in users/{uid}.
    const photo = await adminGet(`users/${alice.uid}/photo`);
    expect(photo).toMatch(new RegExp(`^picture:${alice.uid}:[a-z0-9]+$`));
    expect(await adminGet(`pictures/${alice.uid}/data`)).toBe(shown);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('userinfo'))) ?? 'null'),
    ).toEqual({ uid: alice.uid, photo });
    await page.mouse.move(900, 600);
    await settle(page);
    await shot(page, 'profile-picture-3-uploaded');
    await dismissToasts(page);

    // After a reload the sidebar fetches the picture by its reference.
    await page.reload();
    await expect.poll(() => sidebarPicture(page).getAttribute('src'), poll).toBe(shown);

    // Bob sees it next to Alice in his Friend List.
    const bobPage = await loginPage(browser(), bob.email);
    const aliceRow = row(bobPage, spec.panels.friendList, 'Alice');
    await expect.poll(() => aliceRow.locator('img').first().getAttribute('src'), poll).toBe(shown);
    await settle(bobPage);
    await shot(bobPage, 'profile-picture-4-friend-sees-it');
  });
});
