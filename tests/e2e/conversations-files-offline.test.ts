import { readFile } from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { filesStrings } from '../../src/features/conversations/files/files-strings';
import { adminGet, browserPerSuite, describeBrowser } from '../support/browser';
import { aliceAndBob, chat, openFriend } from '../support/conversation-steps';
import { offlineSwitch } from '../support/offline-switch';
import { sha256Hex } from '../support/digest';

// An upload cut by going offline mid-way, in Chromium: it resumes from the chunks the server
// stored, whether or not their answers reached the page, and sends each chunk once.

describeBrowser('a file upload cut by going offline', () => {
  const browser = browserPerSuite({ resetBackend: true });
  it('resumes an upload cut by going offline, each chunk sent once', async () => {
    const { a, b } = await aliceAndBob(browser(), '-Ne2eResumeAliceBob01', { openChats: true });
    const cid = '-Ne2eResumeAliceBob01';
    // Every chunk the server stored from Alice's page, by either way (a WebSocket frame
    // forwarded, or a REST request the server answered: counted at its answer, since one the
    // route let through may still die in the page's network at the cut, never reaching the
    // server, and its resend is then no second send). While `holding`, the server stores what
    // reaches it but the page hears nothing back: the chunks then in flight are stored with
    // their answers lost at the cut. Offline, new sockets close at once and requests fail.
    // Holding starts by itself with the fourth chunk, so the cut falls mid-upload however fast
    // the machine is (a poll of the progress could miss a whole upload).
    let holding = false;
    let holdFrom = 4;
    let requests = 0;
    const sent: number[] = [];
    let framesHeard = 0;
    const chunkIn = (text: string) => /parts\/(\d{3})"/.exec(text)?.[1];
    const requested = (chunk: string | undefined) => {
      if (chunk !== undefined && ++requests >= holdFrom) holding = true;
    };
    const network = await offlineSwitch(a, {
      onMessage: ({ message, from }) => {
        if (from === 'server') {
          framesHeard += 1;
          return !holding;
        }
        const chunk = chunkIn(String(message));
        requested(chunk);
        if (chunk !== undefined) sent.push(Number(chunk));
        return true;
      },
    });
    const held: Route[] = [];
    await a.route(
      (url) => url.pathname.endsWith('.json'),
      async (route) => {
        const request = route.request();
        if (request.method() !== 'PATCH') return route.fallback();
        if (network.isOffline()) return route.abort('internetdisconnected');
        const chunk = chunkIn(request.postData() ?? '');
        requested(chunk);
        const hold = holding;
        const response = await route.fetch().catch(() => null);
        if (!response) return route.abort('failed').catch(() => undefined);
        if (chunk !== undefined && response.ok()) sent.push(Number(chunk));
        if (hold) held.push(route);
        else await route.fulfill({ response }).catch(() => undefined);
      },
    );
    // A reload, so the database's socket goes through the route.
    await a.reload();
    await openFriend(a, 'Bob');
    // The database's socket goes through the switch: going offline cuts it.
    expect(framesHeard).toBeGreaterThan(0);

    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31 + (i >> 9)) % 256);
    await chat(a)
      .getByTestId('chat-file-input')
      .setInputFiles({
        name: 'photos.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(bytes),
      });
    const progress = chat(a)
      .getByRole('status')
      .filter({ hasText: /^Uploading \d+%$/ });
    const percent = async () =>
      Number(/(\d+)%/.exec(await progress.innerText().catch(() => '0%'))?.[1]);
    const stored = async () => {
      const files = (await adminGet(`chatFiles/${cid}`)) as Record<string, { have?: object }>;
      return Object.keys(Object.values(files)[0]?.have ?? {}).map(Number);
    };
    // Cut while chunks are in flight: the server holds more than the page heard of.
    await expect
      .poll(async () => (await stored()).length - Math.floor(((await percent()) * 12) / 100), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await network.offline();
    await Promise.all(held.splice(0).map((route) => route.abort().catch(() => undefined)));
    const storedBefore = await stored();
    expect(storedBefore.length).toBeLessThan(12);
    await chat(a)
      .getByText(/^Uploading \d+%$/)
      .waitFor();
    holding = false;
    holdFrom = Infinity;
    await network.online();
    await chat(a)
      .getByRole('button', { name: filesStrings.download('photos.zip') })
      .waitFor({ timeout: 60_000 });

    // Each chunk reached the server once: none the server stored, its answer lost or not, went
    // again. Bob gets the very bytes.
    expect(sent.sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    const [saved] = await Promise.all([
      b.waitForEvent('download'),
      chat(b)
        .getByRole('button', { name: filesStrings.download('photos.zip') })
        .click(),
    ]);
    expect(sha256Hex(await readFile(await saved.path()))).toBe(sha256Hex(bytes));
  });
});
