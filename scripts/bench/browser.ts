/** Chromium, the login form and the dashboard panels, as the bench drives them. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { strings } from '../../src/strings';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (own storage and HTTP cache), as a first visit would be. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** The rows (not the loading placeholders) of a dashboard panel's list. */
export function panelRows(page: Page, title: string) {
  return page
    .getByRole('region', { name: new RegExp(`^${title}`) })
    .getByRole('list', { name: title, exact: true })
    .getByRole('listitem');
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(strings.auth.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(strings.auth.passwordLabel, { exact: true }).fill(password);
}

export function clickLogin(page: Page): Promise<void> {
  return page.getByRole('button', { name: strings.auth.loginToContinue }).click();
}

/**
 * Ready: on /pages/home with the Friend List showing all `friends` rows and the User List
 * showing its first page (at least `users` rows).
 */
export async function waitForDashboard(page: Page, friends: number, users: number) {
  await page.waitForURL('**/pages/home', { timeout: 30_000 });
  const names = { friends: strings.panels.friendList, users: strings.panels.userList };
  await page.waitForFunction(
    ({ names, friends, users }) => {
      const count = (title: string) =>
        document.querySelectorAll(`ul[aria-label="${title}"] > li`).length;
      return count(names.friends) >= friends && count(names.users) >= users;
    },
    { names, friends, users },
    { polling: 'raf', timeout: 30_000 },
  );
}

/** Sums what the page receives over WebSockets (the database connection), via CDP. */
export async function countWebSocketBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const totals = { bytes: 0, frames: 0, lastFrameAt: 0 };
  cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    // Text frames arrive as text; binary ones (opcode 2) as base64.
    totals.bytes +=
      response.opcode === 2
        ? Buffer.from(response.payloadData, 'base64').length
        : Buffer.byteLength(response.payloadData, 'utf8');
    totals.frames += 1;
    totals.lastFrameAt = Date.now();
  });
  return {
    reset() {
      totals.bytes = 0;
      totals.frames = 0;
    },
    read: () => ({ ...totals }),
    /** Resolves once no frame has arrived for `quietMs` (or after `maxMs`). */
    async settle(quietMs: number, maxMs: number) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && Date.now() - totals.lastFrameAt < quietMs) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return { ...totals };
    },
    detach: () => cdp.detach().catch(() => undefined),
  };
}
