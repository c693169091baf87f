import { it } from 'vitest';
import { spec } from '../../src/strings/spec';
import { appUrl, browserPerSuite, describeBrowser, newPage } from '../support/browser';
import { createPerson, fillLoginForm, password } from './app-home-steps';

describeBrowser('login probe', () => {
  const browser = browserPerSuite({ resetBackend: true });
  it('times the phases of a login', async () => {
    const people = await Promise.all(['Pa', 'Pb', 'Pc'].map((n) => createPerson(n)));
    const rows: string[] = [];
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        people.map(async (person) => {
          const t0 = Date.now();
          const page = await newPage(browser());
          const t1 = Date.now();
          await page.goto(appUrl('/login'));
          const t2 = Date.now();
          await fillLoginForm(page, person.email, password);
          const hydratedAtClick = await page.evaluate(
            () => (window as unknown as { __chattyHydrated?: boolean }).__chattyHydrated === true,
          );
          const signIn = page.waitForResponse((r) => r.url().includes('signInWithPassword'), {
            timeout: 60_000,
          });
          await page.getByRole('button', { name: spec.auth.loginToContinue }).click();
          const t3 = Date.now();
          await signIn;
          const t4 = Date.now();
          await page.waitForURL('**/pages/home', { timeout: 60_000 });
          const t5 = Date.now();
          rows.push(
            `ctx ${t1 - t0} goto ${t2 - t1} fill+click ${t3 - t2} hydratedAtClick ${String(hydratedAtClick)} signIn ${t4 - t3} toHome ${t5 - t4} total ${t5 - t0}`,
          );
          await page.context().close();
        }),
      );
    }
    console.log(rows.join('\n'));
  });
});
