import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Route, WebSocketRoute } from 'playwright-core';
import { expect, it } from 'vitest';
import { filesStrings } from '../../src/features/conversations/files/files-strings';
import { adminGet, browserPerSuite, describeBrowser, shot } from '../support/browser';
import { aliceAndBob, chat, openFriend } from '../support/conversation-steps';
import { sha256Hex } from '../support/digest';

const CHUNKS = 12;

/**
 * Routes `page`'s sockets and database requests, noting each chunk it hands to the server
 * (`sent`, in order), by a WebSocket frame or a REST request. Once `cut`, nothing passes either
 * way (the chunks in flight are lost with their answers), as when a tab dies; `closeAll` closes
 * the page's sockets and fails the requests the cut held. The SDK sends a long message as a
 * frame count, then that many frames: a message passes or not as a whole, so no chunk reaches
 * the server cut short. With `cutFrom` set, the cut starts by itself right after that many chunks
 * went, so it falls mid-upload however fast this machine sends (a poll of the progress could
 * see the whole file go between two looks).
 */
async function routeChunks(page: Page) {
  const open = new Set<WebSocketRoute>();
  const held = new Set<Route>();
  const chunkIn = (text: string) => /parts\/(\d{3})"/.exec(text)?.[1];
  const note = (chunk: string) => {
    route.sent.push(Number(chunk));
    if (route.sent.length >= route.cutFrom) route.cut = true;
  };
  const route = {
    cut: false,
    cutFrom: Infinity,
    sent: [] as number[],
    closeAll: async () => {
      await Promise.all([...open].map((socket) => socket.close()));
      await Promise.all([...held].map((request) => request.abort().catch(() => undefined)));
      held.clear();
    },
  };
  await page.routeWebSocket(
    () => true,
    (socket) => {
      open.add(socket);
      const server = socket.connectToServer();
      let framesLeft = 0;
      let passing = true;
      socket.onMessage((message) => {
        const text = String(message);
        if (framesLeft > 0) framesLeft -= 1;
        else {
          passing = !route.cut;
          if (/^\d{1,6}$/.test(text)) framesLeft = Number(text);
        }
        if (!passing) return;
        const chunk = chunkIn(text);
        server.send(message);
        if (chunk) note(chunk);
      });
      server.onMessage((message) => {
        if (!route.cut) socket.send(message);
      });
      socket.onClose(() => open.delete(socket));
    },
  );
  await page.route(
    (url) => url.pathname.endsWith('.json'),
    async (request) => {
      if (request.request().method() !== 'PATCH') return request.fallback();
      const cut = () => route.cut;
      if (cut()) return void held.add(request);
      const chunk = chunkIn(request.request().postData() ?? '');
      if (chunk) note(chunk);
      const response = await request.fetch();
      // Cut meanwhile: stored, its answer lost.
      if (cut()) return void held.add(request);
      await request.fulfill({ response }).catch(() => undefined);
    },
  );
  return route;
}

/**
 * Sends a file of CHUNKS chunks named `name` from `page`, whose `route` cuts by itself once a
 * quarter of the chunks went; returns when it has.
 */
async function uploadCutAtAQuarter(
  page: Page,
  route: Awaited<ReturnType<typeof routeChunks>>,
  name: string,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(CHUNKS * 256 * 1024).map((_, i) => (i * 37 + (i >> 10)) % 256);
  route.cutFrom = CHUNKS / 4;
  await chat(page)
    .getByTestId('chat-file-input')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(bytes) });
  await expect.poll(() => route.cut, { timeout: 30_000, interval: 20 }).toBe(true);
  route.cutFrom = Infinity;
  return bytes;
}

describeBrowser('a file upload kept on the device', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('resumes after the reload from the chunks stored, each chunk sent once', async () => {
    const cid = '-Ne2eReloadAliceBob01';
    const { a, b } = await aliceAndBob(browser(), cid, { openChats: true });
    const route = await routeChunks(a);
    // A reload, so the database's socket goes through the route.
    await a.reload();
    await openFriend(a, 'Bob');

    const bytes = await uploadCutAtAQuarter(a, route, 'notes.zip');
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
    await expect.poll(async () => (await haveNow()).length).toBe(new Set(route.sent).size);
    const stored = await haveNow();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(CHUNKS);
    const before = route.sent.splice(0);

    route.cut = false;
    await route.closeAll();
    await a.reload();
    await openFriend(a, 'Bob');
    await chat(a)
      .getByRole('button', { name: filesStrings.download('notes.zip') })
      .waitFor({ timeout: 60_000 });

    // After the reload only the missing chunks went, each once; together, every chunk once.
    expect(route.sent.filter((index) => stored.includes(index))).toEqual([]);
    expect([...before, ...route.sent].sort((x, y) => x - y)).toEqual([...Array(CHUNKS).keys()]);
    // One message, and Bob gets the very bytes.
    const messages = (await adminGet(`sendMessage/${cid}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toHaveLength(1);
    const download = chat(b).getByRole('button', { name: filesStrings.download('notes.zip') });
    await download.waitFor({ timeout: 20_000 });
    const [saved] = await Promise.all([b.waitForEvent('download'), download.click()]);
    expect(sha256Hex(await readFile(await saved.path()))).toBe(sha256Hex(bytes));
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

  it('leaves an upload that another tab is sending to that tab', async () => {
    const cid = '-Ne2eTabsAliceBob0001';
    const { a } = await aliceAndBob(browser(), cid, { openChats: true });
    const first = await routeChunks(a);
    await a.reload();
    await openFriend(a, 'Bob');
    // The first tab stalls (nothing passes); a second tab of Alice's starts meanwhile and finds
    // the upload kept on the device, while the first tab still holds it.
    await uploadCutAtAQuarter(a, first, 'tabs.zip');
    const second = await a.context().newPage();
    const other = await routeChunks(second);
    await second.goto(a.url());
    await openFriend(second, 'Bob');
    // Time for a start's resume to have begun, were it to take the upload.
    await second.waitForTimeout(3000);
    first.cut = false;
    await first.closeAll();
    await chat(a)
      .getByRole('button', { name: filesStrings.download('tabs.zip') })
      .waitFor({ timeout: 60_000 });

    expect(other.sent).toEqual([]);
    const messages = (await adminGet(`sendMessage/${cid}`)) as Record<string, unknown>;
    expect(Object.keys(messages)).toHaveLength(1);
    await chat(second)
      .getByRole('button', { name: filesStrings.download('tabs.zip') })
      .waitFor();
    await second.close();
  });
});
