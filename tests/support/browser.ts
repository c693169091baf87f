import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { repoRoot } from '../../scripts/stack/paths';
import { chromiumInstallHint } from './find-chromium';

export * from './backend';

export const screenshotDir = join(repoRoot, 'test-artifacts', 'screenshots');

export function getE2E(): { appUrl: string; browserPath: string } {
  const e2e = inject('e2e');
  if (!e2e) throw new Error(chromiumInstallHint);
  return e2e;
}

/** A browser suite: skipped with the install hint when Chromium is missing (never in CI). */
export function describeBrowser(name: string, fn: () => void): void {
  if (inject('e2e')) describe(name, fn);
  else describe.skip(`${name} (skipped: ${chromiumInstallHint})`, fn);
}

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: getE2E().browserPath,
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

/** Each page lives in its own context: separate storage, as a second person's browser. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export function appUrl(path = '/'): string {
  return new URL(path, getE2E().appUrl).toString();
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
