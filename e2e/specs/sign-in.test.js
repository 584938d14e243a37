// The foundation journey: a newcomer signs in with the demo token, sees their projects (the first
// successful request), and signs out. Release build on nginx; the simulator on another origin.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, launchBrowser, openPage, startSim, startWeb } from '../lib/harness.js';

let sim, web, browser;
before(async () => {
  sim = await startSim(['--speed', '500']);
  web = await startWeb(sim.api);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await web?.stop();
  await sim?.stop();
});

test('sign in with the demo token, see the first request succeed, sign out', async () => {
  const page = await openPage(browser);
  await page.goto(web.url + '/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.match(page.url(), /\/sign-in/);
  await checkScreen(page, 'sign-in');

  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
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

test('an unknown address shows the not-found page', async () => {
  const page = await openPage(browser);
  await page.goto(web.url + '/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await checkScreen(page, 'not-found');
});
