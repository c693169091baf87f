import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { WebSocketRoute } from 'playwright-core';
import { expect, it } from 'vitest';
import { filesStrings } from '../../src/features/conversations/files/files-strings';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { aliceAndBob, chat, openFriend } from '../support/conversation-steps';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const CHUNKS = 12;

describeBrowser('a file upload cut by a reload', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('resumes after the reload from the chunks stored, each chunk sent once', async () => {
    const cid = '-Ne2eReloadAliceBob01';
    const { a, b } = await aliceAndBob(browser(), cid, { openChats: true });
    // The chunks Alice's page hands to the server, in order; once cut, nothing passes either
    // way (the chunks in flight are lost with their acknowledgements), as when a tab dies.
    let cut = false;
    const sent: number[] = [];
    const open = new Set<WebSocketRoute>();
    await a.routeWebSocket(
      () => true,
      (socket) => {
        open.add(socket);
        const server = socket.connectToServer();
        socket.onMessage((message) => {
          if (cut) return;
          const chunk = /parts\/(\d{3})"/.exec(String(message));
          if (chunk) sent.push(Number(chunk[1]));
          server.send(message);
        });
        server.onMessage((message) => {
          if (!cut) socket.send(message);
        });
        socket.onClose(() => open.delete(socket));
      },
    );
    // A reload, so the database's socket goes through the route.
    await a.reload();
    await openFriend(a, 'Bob');

    const bytes = new Uint8Array(CHUNKS * 256 * 1024).map((_, i) => (i * 37 + (i >> 10)) % 256);
    await chat(a)
      .getByTestId('chat-file-input')
      .setInputFiles({
        name: 'notes.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(bytes),
      });
    const progress = chat(a)
      .getByRole('status')
      .filter({ hasText: /^Uploading \d+%$/ });
    await expect
      .poll(async () => Number(/(\d+)%/.exec(await progress.innerText().catch(() => '0%'))?.[1]), {
        timeout: 30_000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(25);
    cut = true;
    // While it goes up, my bubble says so (the clock), never 'Sent', and shows no open padlock.
    const uploading = chat(a).locator('[data-message-id]').filter({ hasText: 'notes.zip' });
    await uploading.getByRole('img', { name: 'Sending' }).waitFor();
    expect(await uploading.locator('[data-status]').count()).toBe(0);
    expect(await uploading.locator('[data-not-encrypted]').count()).toBe(0);
    await shot(a, 'file-uploading');
    // Every chunk that reached the server is stored before the page goes.
    const haveNow = async () => {
      const files = (await adminGet(`chatFiles/${cid}`)) as Record<string, { have?: object }>;
      return Object.keys(Object.values(files)[0]?.have ?? {}).map(Number);
    };
    await expect.poll(async () => (await haveNow()).length).toBe(new Set(sent).size);
    const stored = await haveNow();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(CHUNKS);
    const before = sent.splice(0);

    cut = false;
    await Promise.all([...open].map((socket) => socket.close()));
    await a.reload();
    await openFriend(a, 'Bob');
    await chat(a)
      .getByRole('button', { name: filesStrings.download('notes.zip') })
      .waitFor({ timeout: 60_000 });

    // After the reload only the missing chunks went, each once; together, every chunk once.
    expect(sent.filter((index) => stored.includes(index))).toEqual([]);
    expect([...before, ...sent].sort((x, y) => x - y)).toEqual([...Array(CHUNKS).keys()]);
    // One message, and Bob gets the very bytes.
    const messages = (await adminGet(`sendMessage/${cid}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toHaveLength(1);
    const download = chat(b).getByRole('button', { name: filesStrings.download('notes.zip') });
    await download.waitFor({ timeout: 20_000 });
    const [saved] = await Promise.all([b.waitForEvent('download'), download.click()]);
    expect(sha256(await readFile(await saved.path()))).toBe(sha256(bytes));
    // Sent, it is no longer kept on the device.
    const kept = () =>
      a.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const request = indexedDB.open('chatty-uploads');
            request.onsuccess = () => {
              const keys = request.result
                .transaction('uploads')
                .objectStore('uploads')
                .getAllKeys();
              keys.onsuccess = () => resolve(keys.result.map(String).filter((k) => k !== 'key'));
            };
          }),
      );
    await expect.poll(kept).toEqual([]);

    // My own card as sent, with its time and receipt, at desktop and phone sizes.
    await a.setViewportSize({ width: 1280, height: 720 });
    await shot(a, 'file-sent-1280');
    const axe = await new AxeBuilder({ page: a }).include('[data-file-bubble]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await a.setViewportSize({ width: 390, height: 844 });
    const mine = chat(a).locator('[data-file-bubble]');
    if (!(await mine.isVisible())) await openFriend(a, 'Bob');
    await mine.getByText('notes.zip').waitFor();
    await shot(a, 'file-sent-390');
  });
});
