import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  inject,
  type ProvidedContext,
} from 'vitest';
import { launchChromium, pageInNewContext } from '../../scripts/stack/chromium';
import { repoRoot } from '../../scripts/stack/paths';
import { resetBackend } from './backend';
import { chromiumInstallHint } from './find-chromium';

export * from './backend';

export const screenshotDir = join(repoRoot, 'test-artifacts', 'screenshots');

export function getE2E(): NonNullable<ProvidedContext['e2e']> {
  const e2e = inject('e2e');
  if (!e2e) throw new Error(chromiumInstallHint);
  return e2e;
}

/** A browser suite: skipped with the install hint when Chromium is missing (never in CI). */
export function describeBrowser(name: string, fn: () => void): void {
  if (inject('e2e')) describe(name, fn);
  else describe.skip(`${name} (skipped: ${chromiumInstallHint})`, fn);
}

/**
 * One Chromium for the calling suite, opened before its tests and closed after them; with
 * `resetBackend`, every test also starts from an empty backend; `args`: more Chromium flags (a
 * fake microphone). Call inside describeBrowser.
 */
export function browserPerSuite(
  options: { resetBackend?: boolean; args?: string[] } = {},
): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(getE2E().browserPath, options.args);
  });
  afterAll(async () => {
    await browser?.close();
  });
  // A finished test's pages would stay signed in and keep listening (and retrying once their
  // accounts are wiped), slowing every later test; each test starts with no open context.
  afterEach(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  if (options.resetBackend) beforeEach(() => resetBackend());
  return () => {
    if (!browser) throw new Error('Chromium is used before it opened');
    return browser;
  };
}

/** Each page lives in its own context: separate storage, as a second person's browser. */
export function newPage(browser: Browser): Promise<Page> {
  return pageInNewContext(browser, 15_000);
}

export function appUrl(path = '/'): string {
  return new URL(path, getE2E().appUrl).toString();
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
