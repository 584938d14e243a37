// Several tabs of one browser, as people use storyreel: a sign-out in one reaches every other at once
// (they stop checking and show the sign-in, keeping their address), another account signing in on the
// device does too, and a sign-in for one tab only leaves nothing of the person once the tab is closed.
// The app's own storage and tabs, not the service's answers: the default profile only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTabs, signIn as signInAs, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '50'], { poll_interval_seconds: 1 }, (run) => ({ sim, web, browser } = run));
const signIn = (page, to, options) => signInAs(page, { url: web.url + to, ...options });

async function tabs(count) {
  const pages = await openTabs(browser, count);
  return { context: pages[0].context(), pages };
}

const storyreelKeys = (page) => page.evaluate(() => [localStorage, sessionStorage]
  .flatMap((s) => Object.keys(s)).filter((k) => k.startsWith('storyreel.')).sort());

/** Requests the simulator saw begin after `since` (its own clock, ms). */
async function requestsSince(since) {
  const { requests } = await sim.control('GET', '/_sim/requests');
  return requests.filter((r) => r.at_ms >= since);
}

test('a sign-out in one tab signs out the other: it stops checking, shows the sign-in and keeps its address', async () => {
  // A generation at a slow pace, checked every second by the tab that shows it.
  const id = await sim.approvedProject();
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  const { context, pages: [a, b] } = await tabs(2);
  await signIn(a, '/', { remember: true });
  await b.goto(`${web.url}/projects/${id}/video`);
  await b.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await b.getByText(/^Checked /).waitFor();

  await a.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await b.getByText('You signed out in another tab.').waitFor({ timeout: 5_000 });
  const back = new URL(b.url());
  assert.equal(back.pathname, '/sign-in');
  assert.equal(back.searchParams.get('return_to'), `/projects/${id}/video`, 'the address to come back to');
  assert.deepEqual(await storyreelKeys(b), [], 'nothing of the person is left');

  // No tab asks the service anything more: three poll intervals pass with no request at all.
  const { now_ms: since } = await sim.control('GET', '/_sim/requests');
  await b.waitForTimeout(3_500);
  assert.deepEqual(await requestsSince(since), [], 'the checks stopped with the sign-in');

  // Signing in again there comes back to the video.
  await b.getByLabel('Access token').fill('demo-token');
  await b.getByRole('button', { name: 'Sign in' }).click();
  await b.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  assert.deepEqual([...a.problems, ...b.problems], []);
  await context.close();
});

test('signing in as another account in one tab signs the first account out of the other', async () => {
  const { context, pages: [a, b] } = await tabs(2);
  await signIn(a, '/', { remember: true });
  await b.goto(`${web.url}/new`);
  await b.getByLabel('Story idea').fill('Account one: a lantern that remembers');
  await signIn(a, '/sign-in', { token: 'other-token', remember: true });
  await b.getByText('Another account signed in to storyreel in another tab').waitFor({ timeout: 5_000 });
  await b.getByLabel('Access token').waitFor();
  assert.equal(new URL(b.url()).searchParams.get('return_to'), '/new');
  assert.deepEqual([...a.problems, ...b.problems], []);
  await context.close();
});

test('tab-only sign-ins of one account in two tabs: a sign-out in one signs out the other', async () => {
  const { context, pages: [a, b] } = await tabs(2);
  await signIn(a, '/', { remember: false });
  await signIn(b, '/spending', { remember: false });
  await a.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await b.getByText('You signed out in another tab.').waitFor({ timeout: 5_000 });
  assert.deepEqual(await storyreelKeys(b), []);
  await context.close();
});

test('a tab-only sign-in leaves only the theme and the API address once its tab is closed', async () => {
  const id = await sim.approvedProject();
  const { context, pages: [a] } = await tabs(1);
  await signIn(a, '/persons', { remember: false });
  await a.getByRole('banner').getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
  await a.getByLabel('Person id').fill('1');
  await a.getByLabel('Name', { exact: true }).fill('The narrator');
  await a.getByRole('button', { name: 'Save name' }).click();
  await a.getByText('Saved: The narrator (person 1).').waitFor();
  // The finished video: its versions and the last known project are kept too, while the tab lives.
  await a.goto(`${web.url}/projects/${id}/video`);
  await a.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: 30_000 });
  await a.goto(`${web.url}/new`);
  await a.getByLabel('Story idea').fill('A draft that must not outlive the tab');
  const kept = await a.evaluate(() => Object.keys(sessionStorage).sort());
  for (const key of ['storyreel.token', 'storyreel.owner', 'storyreel.draft.story', `storyreel.versions.${id}`]) {
    assert.ok(kept.includes(key), `${key} kept in the tab while it is open: ${kept}`);
  }
  await a.close();

  const later = await context.newPage();
  await later.goto(`${web.url}/sign-in`);
  const left = await later.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('storyreel.')).sort());
  assert.deepEqual(left, ['storyreel.theme'], 'the device keeps how it is set up, nothing of the person');
  await context.close();
});
