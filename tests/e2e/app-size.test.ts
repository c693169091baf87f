import { expect, it } from 'vitest';
import { recordScripts, scriptsAroundMark } from '../../scripts/bench/scripts-size';
import { DATABASE_LOAD_MARK } from '../../src/app/signed-in';
import { encryptionStrings } from '../../src/features/encryption';
import { spec } from '../../src/strings/spec';
import { shellStrings } from '../../src/app/shell/shell-strings';
import {
  appUrl,
  browserPerSuite,
  describeBrowser,
  getE2E,
  newPage,
  shot,
} from '../support/browser';
import { createPerson, loginPage } from './app-home-steps';

/**
 * The budget check (`npm run size:check`, in `npm run check`) reads each screen's JavaScript
 * from the build's chunk graph, without a browser. Here Chromium loads the screens cold from
 * the same kind of build: what it loads before its first paint must be exactly those files, so
 * a chunk a screen starts loading at run time (a lazy import on first paint) cannot slip past
 * the budget. Home's database SDK loads just after its first paint (src/app/signed-in.ts).
 */
describeBrowser('JavaScript per screen in Chromium', () => {
  const browser = browserPerSuite({ resetBackend: true });

  it('a cold /login loads what the budget check counts', async () => {
    const { outDir, screens } = getE2E();
    const page = await newPage(browser());
    const scripts = recordScripts(page, outDir);
    await page.goto(appUrl('/login'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: spec.auth.loginToContinue }).waitFor();
    const set = scripts.stop();
    expect(set.unmatched).toEqual([]);
    expect(set.chunks.map((c) => c.file).sort()).toEqual(screens.login);
  });

  it('a cold signed-in /pages/home loads what the budget check counts', async () => {
    const { outDir, screens } = getE2E();
    const me = await createPerson('Budget');
    const first = await loginPage(browser(), me.email);
    // Same context (the session is in its storage), no HTTP cache: a cold signed-in visit.
    const home = await first.context().newPage();
    const cdp = await first.context().newCDPSession(home);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = recordScripts(home, outDir);
    await home.goto(appUrl('/pages/home'));
    await home.getByRole('region', { name: new RegExp(`^${spec.panels.userList}`) }).waitFor();
    await home.waitForLoadState('networkidle');
    const set = scripts.stop();
    expect(set.unmatched).toEqual([]);
    // The scripts asked for before the database SDK starts loading (after the first paint)
    // are exactly those the budget counts; the database chunk and nothing of them after.
    const { before: firstPaint, after: afterPaint } = await scriptsAroundMark(
      home,
      DATABASE_LOAD_MARK,
    );
    expect(firstPaint).toEqual(screens.home);
    expect(afterPaint.some((file) => /^assets\/database-/.test(file))).toBe(true);
    expect(afterPaint.filter((file) => screens.home.includes(file))).toEqual([]);
    expect(set.chunks.map((c) => c.file).sort()).toEqual([...screens.home, ...afterPaint].sort());

    // Kept off home: the recovery-key dialog (and formik) load with its first opening.
    const later = recordScripts(first, outDir);
    await first.getByRole('button', { name: encryptionStrings.reminderAction }).click();
    await first.getByRole('dialog', { name: encryptionStrings.saveRecoveryTitle }).waitFor();
    const opened = later.stop().chunks.map((c) => c.file);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((file) => screens.home.includes(file))).toEqual([]);
  });

  it('a database chunk that cannot be downloaded after the paint says so, with Reload', async () => {
    const me = await createPerson('Offline');
    const first = await loginPage(browser(), me.email);
    const home = await first.context().newPage();
    // Routing turns the HTTP cache off: a cold signed-in visit whose database code never comes.
    await home.route('**/assets/database-*.js', (route) => route.abort('internetdisconnected'));
    await home.goto(appUrl('/pages/home'));
    const alert = home.getByRole('alert').filter({ hasText: shellStrings.app.dataLoadFailed });
    await alert.waitFor({ timeout: 30_000 });
    await shot(home, 'home-data-load-failed-1280');
    await home.unroute('**/assets/database-*.js');
    await alert.getByRole('button', { name: shellStrings.app.dataLoadReload }).click();
    // Reloaded, the database code comes: the encryption set-up it runs asks for the recovery key.
    await home.getByRole('button', { name: encryptionStrings.reminderAction }).waitFor();
    await expect(alert.count()).resolves.toBe(0);
  });
});
