// The foundation journey: a newcomer signs in with the demo token, sees their projects (the first
// successful request), and signs out. Release build on nginx; the simulator on another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, testOnce, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '500'], {}, (run) => ({ sim, web, browser } = run));

test('sign in with the demo token, see the first request succeed, sign out', async () => {
  const page = await openPage(browser);
  await page.goto(web.url + '/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.match(page.url(), /\/sign-in/);
  await checkScreen(page, 'sign-in');
  // A freshly loaded page (here after the redirect to sign in) leaves focus at the top for a screen reader.
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'BODY');
  assert.equal(await page.title(), 'Sign in · storyreel');

  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  // Signing in is a navigation: focus goes to the new page's heading, and the tab says where the person is.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Your projects');
  assert.equal(await page.title(), 'Projects · storyreel');
  assert.ok(!page.url().includes('demo-token'), 'the token is never in a URL');

  const listed = await sim.requests('GET', /^\/api\/v1\/scene-projects$/);
  assert.ok(listed.length >= 1 && listed.every((r) => r.status === 200), 'the first request succeeded');
  await checkScreen(page, 'projects');

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.getByText('You are signed out.').waitFor();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('storyreel.token') ?? sessionStorage.getItem('storyreel.token')), null);
});

test('a wrong token is refused next to the field, with the keyboard alone', async () => {
  const page = await openPage(browser);
  await page.goto(web.url + '/sign-in');
  await page.getByLabel('Access token').focus();
  await page.keyboard.type('wrong-token');
  await page.keyboard.press('Enter');
  await page.getByText('did not accept this access token').waitFor();
  assert.equal(await page.getByLabel('Access token').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.getByLabel('Access token').inputValue(), 'wrong-token');
  await checkScreen(page, 'sign-in-refused');
});

// Once: the app's router; nothing is asked of the service.
testOnce('an unknown address shows the not-found page', async () => {
  const page = await openPage(browser);
  await page.goto(web.url + '/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await checkScreen(page, 'not-found');
});

// Once: the theme is the device's; no answer of the service changes it.
testOnce('the theme control is found by role and name, sets the theme and is remembered', async () => {
  const page = await openPage(browser);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(web.url + '/sign-in');
  const theme = page.getByRole('combobox', { name: 'Theme' });
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dataTheme = () => page.evaluate(() => document.documentElement.dataset.theme ?? null);
  assert.equal(await theme.inputValue(), 'system');
  assert.equal(await dataTheme(), null);
  assert.equal(await background(), 'rgb(21, 21, 28)', 'the system theme follows the device: dark here');

  await theme.selectOption({ label: 'Light' });
  assert.equal(await dataTheme(), 'light');
  assert.equal(await background(), 'rgb(247, 247, 249)', 'light, whatever the device says');
  await checkScreen(page, 'sign-in-light-on-dark-device');
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(await theme.inputValue(), 'light', 'remembered');
  assert.equal(await dataTheme(), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('storyreel.theme')), 'light');

  await page.emulateMedia({ colorScheme: 'light' });
  await theme.selectOption({ label: 'Dark' });
  assert.equal(await background(), 'rgb(21, 21, 28)');
  await checkScreen(page, 'sign-in-dark');
  await theme.selectOption({ label: 'System' });
  assert.equal(await dataTheme(), null);
  assert.equal(await background(), 'rgb(247, 247, 249)');
  assert.equal(await page.evaluate(() => localStorage.getItem('storyreel.theme')), null);
  await page.context().close();
});

// Once: the header's layout; no answer of the service changes it.
testOnce('at 360 px nothing scrolls sideways and the header keeps to two tidy rows', async () => {
  const page = await openPage(browser);
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = async (screen) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `${screen} is ${wide} px wide at 360`);
  };
  await page.goto(web.url + '/sign-in');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await fits('sign-in');
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await fits('projects');
  const banner = page.getByRole('banner');
  const top = async (locator) => (await locator.boundingBox()).y;
  const brand = await top(banner.getByRole('link', { name: 'storyreel' }));
  const signOut = banner.getByRole('button', { name: 'Sign out' });
  assert.ok(Math.abs((await top(signOut)) - brand) < 16, 'sign out shares the brand\'s row');
  assert.ok((await signOut.boundingBox()).height < 40, 'on one line');
  assert.ok(Math.abs((await top(banner.getByRole('combobox', { name: 'Theme' }))) - brand) < 16, 'so does the theme');
  const nav = banner.getByRole('navigation', { name: 'Main' });
  const links = await nav.getByRole('link').all();
  const rows = new Set(await Promise.all(links.map(async (l) => Math.round((await l.boundingBox()).y))));
  assert.equal(rows.size, 1, 'the nav is one row under the brand');
  await checkScreen(page, 'projects-360');
  await nav.getByRole('link', { name: 'New story' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  await fits('new story');
  await page.context().close();
});
