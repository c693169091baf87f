import { expect, it } from 'vitest';
import { appUrl, browserPerSuite, describeBrowser, newPage, shot } from '../support/browser';

describeBrowser('app shell in Chromium', () => {
  const browser = browserPerSuite();

  it('serves the registration form at /', async () => {
    const page = await newPage(browser());
    await page.goto(appUrl('/'));
    // Routes are lazy chunks: wait for the form rather than sampling the first paint.
    await page.getByRole('form', { name: 'Registration' }).waitFor();
    await expect(page.getByLabel('Full name').isVisible()).resolves.toBe(true);
    await shot(page, 'smoke-registration');
  });

  it('sends a signed-out visitor of /pages/home to /login', async () => {
    const page = await newPage(browser());
    await page.goto(appUrl('/pages/home'));
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'smoke-signed-out-redirect');
  });

  it('shows a real not-found page for an unknown route', async () => {
    const page = await newPage(browser());
    await page.goto(appUrl('/no/such/page'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Go to the start page' }).isVisible(),
    ).resolves.toBe(true);
    await shot(page, 'smoke-not-found');
  });
});
