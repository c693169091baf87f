/**
 * One person's visit: the login screen, 'Login to Continue' to a ready dashboard (WebSocket
 * bytes and time), then a cold, signed-in open of /pages/home (its JavaScript and the User
 * List's first page), and the User List search.
 */
import type { Browser, Page } from 'playwright-core';
import { directoryStrings } from '../../src/features/directory/directory-strings';
import { spec } from '../../src/strings/spec';
import { clickLogin, fillLogin, freshPage, waitForDashboard } from './browser';
import { countWebSocketBytes, type WsTotals } from './ws-bytes';
import { DATABASE_LOAD_MARK } from '../../src/app/signed-in';
import { measureFiles, recordScripts, scriptsAroundMark, type ScriptSet } from './scripts-size';

export interface VisitOptions {
  appUrl: string;
  outDir: string;
  email: string;
  password: string;
  friends: number;
}

export interface Visit {
  loginScripts: ScriptSet;
  /** Scripts the login → home navigation added. */
  navScripts: ScriptSet;
  /** What the cold home asks for before its first paint (what the budget counts). */
  homeScripts: ScriptSet;
  /** What it asks for after (the database chunk, src/app/signed-in.ts). */
  homeAfterPaint: ScriptSet;
  signInMs: number;
  ready: WsTotals;
  settled: WsTotals;
  /** From navigation start of a signed-in /pages/home to the User List's first rows. */
  firstPageMs: number;
  userRowsInDom: number;
  /** The signed-in home page, left open for the search timings. */
  home: Page;
}

const usersTitle = spec.panels.userList;

export async function visit(browser: Browser, o: VisitOptions): Promise<Visit> {
  const page = await freshPage(browser);
  const ws = await countWebSocketBytes(page);
  const login = recordScripts(page, o.outDir);
  await page.goto(`${o.appUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: spec.auth.loginToContinue }).waitFor();
  const loginScripts = login.stop();

  await fillLogin(page, o.email, o.password);
  const nav = recordScripts(page, o.outDir);
  ws.reset();
  const started = Date.now();
  await clickLogin(page);
  await waitForDashboard(page, o.friends, 1);
  const signInMs = Date.now() - started;
  const ready = ws.read();
  const settled = await ws.settle(1500, 8000);
  const navScripts = nav.stop();
  await ws.detach();

  // Same context (the session is in its IndexedDB), but no HTTP cache: a cold signed-in open.
  const home = await page.context().newPage();
  const cdp = await page.context().newCDPSession(home);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const homeRec = recordScripts(home, o.outDir);
  await home.goto(`${o.appUrl}/pages/home`);
  const firstPageMs = await (
    await home.waitForFunction(
      (title) =>
        document.querySelectorAll(`ul[aria-label="${title}"] > li`).length > 0 && performance.now(),
      usersTitle,
      { polling: 'raf', timeout: 30_000 },
    )
  ).jsonValue();
  await waitForDashboard(home, o.friends, 1);
  await home.waitForLoadState('networkidle');
  const homeLoaded = homeRec.stop();
  const { before, after } = await scriptsAroundMark(home, DATABASE_LOAD_MARK);
  // Without the mark (an older build), everything counts as the first paint's.
  const homeScripts = before ? measureFiles(o.outDir, before) : homeLoaded;
  const homeAfterPaint = measureFiles(o.outDir, before ? after : []);
  const userRowsInDom = await home.locator(`ul[aria-label="${usersTitle}"] > li`).count();
  await page.close();
  return {
    loginScripts,
    navScripts,
    homeScripts,
    homeAfterPaint,
    signInMs,
    ready,
    settled,
    firstPageMs: Number(firstPageMs),
    userRowsInDom,
    home,
  };
}

/** Rows of the User List, as the page shows them. */
function rowsMatch(page: Page, prefix: string, want: 'all' | 'notAll', min: number) {
  return page.waitForFunction(
    ({ title, prefix, want, min }) => {
      const rows = [...document.querySelectorAll(`ul[aria-label="${title}"] > li`)];
      const all = rows.every((li) =>
        (li.getAttribute('aria-label') ?? '').toLowerCase().startsWith(prefix),
      );
      return rows.length >= min && (want === 'all' ? all : !all);
    },
    { title: usersTitle, prefix, want, min },
    { polling: 'raf', timeout: 30_000 },
  );
}

/**
 * Types `prefix` into the User List search and times until the list shows exactly the
 * `expected` matching rows. Starts from a cleared search.
 */
export async function timeSearch(page: Page, prefix: string, expected: number): Promise<number> {
  const box = page.getByLabel(directoryStrings.searchLabel, { exact: true });
  if ((await box.inputValue()) !== '') {
    await box.fill('');
    await rowsMatch(page, prefix, 'notAll', 1);
  }
  await box.click();
  const started = Date.now();
  await page.keyboard.type(prefix);
  await rowsMatch(page, prefix, 'all', expected);
  const ms = Date.now() - started;
  const shown = await page.locator(`ul[aria-label="${usersTitle}"] > li`).count();
  if (shown !== expected)
    throw new Error(`search "${prefix}" shows ${shown}, expected ${expected}`);
  return ms;
}
