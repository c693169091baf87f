/**
 * Headless Chromium as the browser tests and the app bench drive it: the same flags and the
 * same desktop-sized pages. Plain playwright-core, so scripts can use it outside vitest.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export function launchChromium(executablePath: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      ...extraArgs,
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

/** A page in a context of its own (own storage and HTTP cache), at 1440×900. */
export async function pageInNewContext(browser: Browser, timeoutMs: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  return page;
}
