/**
 * 7. Image messages: the gzip size of the lightbox and emoji picker chunks (loaded only on
 * use), the WebSocket bytes to open a conversation holding 50 photos (thumbnails only, and only
 * those the windowed list shows), and a photo's send time: choosing the file to its bubble on
 * screen, and to the server's acknowledgement ('Uploading…' gone).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { spec } from '../../src/strings/spec';
import { pairKey } from '../../src/lib/firebase/friends/pair-key';
import { gradientPng } from '../gradient-png';
import { relationRecord } from '../seed-records';
import type { AdminTarget } from '../stack/admin';
import { freshPage, signInToHome } from './browser';
import { countWebSocketBytes } from './ws-bytes';
import { kb, ms, table } from './report';
import { createAccount, writeInBatches } from './seed';

const IMAGES = 50;
/** Typical sizes of what the app stores: a ~15 kB thumbnail and a ~250 kB photo. */
const THUMB_BYTES = 15_000;
const FULL_BYTES = 250_000;

export interface ImageFigures {
  chunks: Array<{ name: string; files: number; gzip: number }>;
  open: { bytes: number; thumbsShown: number; storedThumbs: number; storedFull: number };
  send: { visibleMs: number; ackedMs: number };
}

/** The lazy chunks (JS and CSS) whose file names start with `prefix`, gzip-measured. */
function chunkSize(outDir: string, prefix: string) {
  const assets = join(outDir, 'assets');
  const files = readdirSync(assets).filter((f) => f.startsWith(`${prefix}-`));
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f))).length, 0);
  return { name: prefix, files: files.length, gzip };
}

const fakeDataUrl = (bytes: number, seed: number) =>
  `data:image/webp;base64,${Buffer.alloc(bytes, seed % 251).toString('base64')}`;

async function seedPhotoChat(target: AdminTarget) {
  const me = await createAccount(target, 'Photo Sender');
  const friend = await createAccount(target, 'Photo Chat');
  const conversationId = '-NbenchPhotoChat0001';
  const start = Date.now() - IMAGES * 60_000;
  const paths: Record<string, unknown> = {
    [`friendList/${conversationId}`]: relationRecord(me, friend),
    [`pairs/${pairKey(me.uid, friend.uid)}`]: conversationId,
  };
  for (let i = 0; i < IMAGES; i++) {
    const id = `-NbenchPhoto${String(i).padStart(8, '0')}`;
    const createdAt = start + i * 60_000;
    paths[`sendMessage/${conversationId}/${id}`] = {
      message: `Photo ${String(i)}`,
      messagesenderId: friend.uid,
      massagesenderName: friend.username,
      messagereceiverId: me.uid,
      messagereceiverName: me.username,
      createdAt,
      kind: 'image',
      imageId: id,
      width: 1600,
      height: 1200,
      caption: `Photo ${String(i)}`,
    };
    paths[`chatImages/${conversationId}/${id}`] = {
      thumb: fakeDataUrl(THUMB_BYTES, i),
      full: fakeDataUrl(FULL_BYTES, i),
      createdAt,
    };
  }
  await writeInBatches(target, paths);
  return { me, friend };
}

export async function chatImagesBench(
  browser: Browser,
  target: AdminTarget,
  appUrl: string,
  outDir: string,
  log: (line: string) => void,
): Promise<ImageFigures> {
  const chunks = ['image-lightbox', 'emoji-panel'].map((name) => chunkSize(outDir, name));
  const { me, friend } = await seedPhotoChat(target);
  log(`images: seeded ${String(IMAGES)} photos`);
  const page = await freshPage(browser);
  await signInToHome(page, appUrl, me.email);
  await page.goto(`${appUrl}/pages/messages`);
  const button = page
    .getByRole('region', { name: new RegExp(`^${spec.panels.friendList}`) })
    .getByRole('button', { name: friend.username, exact: true });
  await button.waitFor();
  const ws = await countWebSocketBytes(page);
  ws.reset();
  await button.click();
  const chat = page.getByRole('region', { name: conversationsStrings.chat.label });
  await chat
    .getByRole('button', {
      name: conversationsStrings.chatImages.open(`Photo ${String(IMAGES - 1)}`),
    })
    .waitFor();
  const opened = await ws.settle(1500, 20_000);
  const thumbsShown = await chat.locator('img[src^="data:image/"]').count();
  await ws.detach();

  // A 2400×1600 PNG, compressed in the page and sent.
  const input = chat.getByTestId('chat-image-input');
  const started = Date.now();
  await input.setInputFiles({
    name: 'bench.png',
    mimeType: 'image/png',
    buffer: gradientPng(2400, 1600),
  });
  const bubble = chat
    .getByRole('button', { name: conversationsStrings.chatImages.open('') })
    .last();
  await bubble.locator('img').waitFor({ timeout: 30_000 });
  const visibleMs = Date.now() - started;
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-busy="true"][aria-label^="Open photo"]').length === 0,
    undefined,
    { timeout: 30_000 },
  );
  const ackedMs = Date.now() - started;
  await page.context().close();
  return {
    chunks,
    open: {
      bytes: opened.bytes,
      thumbsShown,
      storedThumbs: IMAGES * THUMB_BYTES,
      storedFull: IMAGES * FULL_BYTES,
    },
    send: { visibleMs, ackedMs },
  };
}

export function printImageSummary(r: ImageFigures): void {
  console.log(
    table(
      '7. Image messages (lazy chunks gzip; a conversation of 50 photos; a 2400×1600 PNG sent)',
      ['figure', 'value'],
      [
        ...r.chunks.map((c) => [`${c.name} chunk (${String(c.files)} files, gzip)`, kb(c.gzip)]),
        [
          `open the 50-photo conversation: WebSocket bytes (${String(r.open.thumbsShown)} thumbnails shown)`,
          kb(r.open.bytes),
        ],
        [
          '  for scale: all 50 thumbnails / all 50 full images stored',
          `${kb(r.open.storedThumbs)} / ${kb(r.open.storedFull)}`,
        ],
        ['photo send: file chosen to bubble with thumbnail', ms(r.send.visibleMs)],
        ['photo send: file chosen to server ack', ms(r.send.ackedMs)],
      ],
    ),
  );
}
