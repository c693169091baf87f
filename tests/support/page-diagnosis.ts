import type { Locator, Page } from 'playwright-core';

/**
 * Runs `step`; if it fails, the error says where `page` was and what it showed: its URL, the
 * text of `region` (or its absence) and the page's text. For a failure seen once in CI and
 * never again locally, the next occurrence then names what replaced what the step waited for.
 */
export async function whatReplaced(
  page: Page,
  region: Locator,
  step: () => Promise<unknown>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    const text = async (locator: Locator) =>
      (await locator.count()) > 0 ? (await locator.first().innerText()).slice(0, 1500) : '(none)';
    const shown = [
      `url: ${page.url()}`,
      `region: ${await text(region)}`,
      `page: ${await text(page.locator('body'))}`,
    ];
    throw new Error(`${String(error)}\n${shown.join('\n')}`, { cause: error });
  }
}
