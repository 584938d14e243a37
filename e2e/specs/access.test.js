// Who may see what on a shared browser: signing out leaves nothing of the person behind; a token the
// service stops accepting (a 401 mid-way) loses no work, yet another account sees none of it; and
// the access token never appears anywhere but the Authorization header.
import cp from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, checkScreen, openPage, signIn as signInAs, testOnce, useRun } from '../lib/harness.js';

// A token nothing else could contain by chance, so any copy of it found anywhere is a leak.
const TOKEN = 'sr-canary-7Qz8x2LmT0vRk4';

// What the simulator (and nginx) print, for the leak check: the harness reads their output but keeps
// it to itself, so this file listens to every process spawned while it runs.
const processOutput = [];
const realSpawn = cp.spawn;
cp.spawn = (...args) => {
  const child = realSpawn(...args);
  child.stdout?.on('data', (c) => processOutput.push(String(c)));
  child.stderr?.on('data', (c) => processOutput.push(String(c)));
  return child;
};
syncBuiltinESMExports();

let sim, web, browser;
useRun(['--speed', '100', '--user', `${TOKEN}:1:5000:1,2,3`, '--user', 'other-token:2:300:11,12'], { poll_interval_seconds: 1 }, (run) => ({ sim, web, browser } = run));
after(() => {
  cp.spawn = realSpawn;
  syncBuiltinESMExports();
});

const signIn = (page, token, { to, remember = false } = {}) => signInAs(page, { url: to && web.url + to, token, remember });

/** storyreel's keys in both web storages of the page. */
const storedKeys = (page) => page.evaluate(() => [localStorage, sessionStorage]
  .flatMap((s) => Object.keys(s)).filter((k) => k.startsWith('storyreel.')).sort());

const propose = (idea) => sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: 2 }, TOKEN);

/** The service refusing the token from now on, as when it expires or is revoked mid-way. */
const rejectToken = (page) => page.route(`${sim.api}/**`, (route) => route.fulfill({
  status: 401,
  headers: { 'access-control-allow-origin': '*', 'www-authenticate': 'Bearer', 'content-type': 'application/json' },
  body: JSON.stringify({ detail: 'Invalid or expired token' }),
}));
const REJECTED = 'The service did not accept your access token';

// Once: what the browser's storages keep after a sign-out; the answers in between are read in both by the
// tests below.
testOnce('signing out removes the token and every draft from both storages; another account then sees none', async () => {
  const page = await openPage(browser);
  await signIn(page, TOKEN, { to: '/new', remember: true });
  await page.getByLabel('Story idea').fill('Account one: a secret garden behind the library');
  // Names given to person ids go too: on a shared browser they are the person's to take away.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Persons' }).click();
  await page.getByLabel('Person id').fill('1');
  await page.getByLabel('Name', { exact: true }).fill('Account one: the narrator');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Saved: Account one: the narrator (person 1).').waitFor();
  const { id } = await propose('Account one: a clockmaker repairs time');
  await page.goto(`${web.url}/projects/${id}`);
  const scene1 = page.getByRole('group', { name: /^Scene 1/ });
  await scene1.getByLabel('Description').fill('Account one: the clock strikes thirteen');
  await scene1.getByText('Unsaved changes').waitFor();
  const before = await storedKeys(page);
  for (const key of ['storyreel.token', 'storyreel.draft.story', `storyreel.draft.project.${id}`, 'storyreel.last_known.projects']) {
    assert.ok(before.includes(key), `${key} was stored: ${before}`);
  }
  assert.ok(before.some((key) => key.startsWith('storyreel.persons.')), `the names were stored: ${before}`);

  // A theme chosen on this device: how the device looks, not the person's data (below).
  await page.getByRole('banner').getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });

  page.on('dialog', (d) => d.accept());
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  // The theme alone stays: it holds "light" or "dark", nothing said or done by the person, and the next
  // person on this device (or the same one) would otherwise be switched back without asking.
  assert.deepEqual(await storedKeys(page), ['storyreel.theme'], 'nothing of the person is left in either storage');
  assert.equal(await page.evaluate(() => localStorage.getItem('storyreel.theme')), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

  await signIn(page, 'other-token');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New story' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  assert.equal(await page.getByLabel('Story idea').inputValue(), '');
  await page.goto(`${web.url}/projects/${id}`);
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  assert.ok(!(await page.content()).includes('Account one'), "none of account one's text shows");
  await page.goto(`${web.url}/persons`);
  await page.getByRole('heading', { name: 'Persons' }).waitFor();
  assert.ok(!(await page.content()).includes('Account one'), "nor the names account one gave");
  await page.context().close();
});

// Once: the 401 is this test's own (the same bytes in either profile), and what it checks is the app's
// storage; the review, the list and a 404 are read in both by the test below and create-review.test.js.
testOnce("a 401 mid-way keeps the person's drafts to continue with; another account signing in then sees none", async () => {
  const page = await openPage(browser);
  page.on('dialog', (d) => d.accept());
  await signIn(page, TOKEN, { to: '/new' });
  const idea = 'A robot learns to grow tomatoes on a balcony';
  await page.getByLabel('Story idea').fill(idea);
  const { id } = await propose('A lantern maker lights a village');
  await page.goto(`${web.url}/projects/${id}`);
  const scene1 = page.getByRole('group', { name: /^Scene 1/ });
  await scene1.getByLabel('Description').fill('Typed before the token expired');

  await rejectToken(page);
  await scene1.getByRole('button', { name: 'Save scene 1' }).click();
  await page.getByText(REJECTED).waitFor();
  await page.unroute(`${sim.api}/**`);
  await signIn(page, TOKEN);
  await scene1.waitFor();
  assert.equal(await scene1.getByLabel('Description').inputValue(), 'Typed before the token expired', 'the scene draft is back');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New story' }).click();
  assert.equal(await page.getByLabel('Story idea').inputValue(), idea, 'and the story draft');

  // Rejected again; this time someone else signs in on this browser.
  await page.getByLabel('Person id').fill('1');
  await page.getByLabel('Number of scenes').fill('2');
  await rejectToken(page);
  await page.getByRole('button', { name: 'Propose scenes' }).click();
  await page.getByText(REJECTED).waitFor();
  await page.unroute(`${sim.api}/**`);
  const kept = (keys) => keys.filter((key) => key.startsWith('storyreel.last_known.'));
  assert.ok(kept(await storedKeys(page)).includes('storyreel.last_known.projects'), 'account one opened a project');
  await signIn(page, 'other-token');
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  assert.equal(await page.getByLabel('Story idea').inputValue(), '', "account one's story idea is not shown");
  assert.deepEqual(kept(await storedKeys(page)), [], "nor the project it last read, which would show at once");
  await page.goto(`${web.url}/projects/${id}`);
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  assert.ok(!(await page.content()).includes('Typed before the token expired'));

  // The project's draft waited for its owner, whom the service alone lets see the project.
  await rejectToken(page);
  await page.goto(`${web.url}/`);
  await page.getByText(REJECTED).waitFor();
  await page.unroute(`${sim.api}/**`);
  await signIn(page, TOKEN);
  await page.goto(`${web.url}/projects/${id}`);
  assert.equal(await scene1.getByLabel('Description').inputValue(), 'Typed before the token expired');
  await checkScreen(page, 'access-draft-after-401');
  await page.context().close();
});

/** Every file under `dir` written since `since` (ms). */
function filesSince(dir, since) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesSince(path, since);
    return statSync(path).mtimeMs >= since ? [path] : [];
  });
}

test('the access token appears nowhere: URLs, pages, fields, console, requests, the service, logs, artifacts', async () => {
  const started = Date.now() - 1000;
  const page = await openPage(browser);
  const seen = []; // [where, text]
  page.on('framenavigated', (f) => seen.push(['navigation', f.url()]));
  page.on('console', (m) => seen.push(['console', m.text()]));
  page.on('request', (r) => {
    const { authorization, ...headers } = r.headers(); // the one place the token belongs
    seen.push(['request', `${r.method()} ${r.url()} ${JSON.stringify(headers)} ${r.postData() ?? ''}`]);
  });
  page.on('dialog', (d) => d.accept());
  // Each screen as it stands: its address, its document, and what its fields hold.
  const screen = async (name, { tokenField = false } = {}) => {
    await checkScreen(page, `access-${name}`);
    seen.push([`${name}: url`, page.url()], [`${name}: page`, await page.content()]);
    const values = await page.$$eval('input, textarea, select', (els, skip) => els
      .filter((e) => !(skip && e.type === 'password')).map((e) => `${e.id}=${e.value}`), tokenField);
    seen.push([`${name}: fields`, values.join('\n')]);
  };

  await page.goto(web.url + '/');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Access token').fill(TOKEN);
  await screen('sign-in', { tokenField: true });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await screen('projects');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New story' }).click();
  await page.getByLabel('Story idea').fill('A paper boat sails down the gutter to the sea');
  await page.getByLabel('Person id').fill('1');
  await page.getByLabel('Number of scenes').fill('2');
  await screen('new-story');
  await page.getByRole('button', { name: 'Propose scenes' }).click();
  const scene1 = page.getByRole('group', { name: /^Scene 1/ });
  await scene1.getByLabel('Description').fill('The boat passes a sleeping cat');
  await screen('review-unsaved');
  await scene1.getByRole('button', { name: 'Save scene 1' }).click();
  await scene1.getByText('Saved.').waitFor();
  await screen('review-saved');
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  await page.getByRole('button', { name: 'Approve and generate…' }).click();
  await page.getByRole('dialog', { name: 'Approve and generate' }).waitFor();
  await screen('approve-dialog');
  await page.getByRole('button', { name: 'Reserve 200 credits and generate' }).click();
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await screen('generating');
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 5000 });
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: 20_000 });
  await screen('completed');

  await page.getByRole('button', { name: 'Regenerate scene 1…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate scene 1' });
  await dialog.getByLabel('Motion prompt').fill('a slow pan along the gutter');
  await screen('regenerate-dialog');
  await dialog.getByRole('button', { name: 'Regenerate (about 100 credits)' }).click();
  await page.getByText('The video with the regenerated scene 1 is ready.').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Upscale the video' }).click();
  await page.getByText('The upscaled video is ready.').waitFor({ timeout: 20_000 });
  await screen('upscaled');

  await page.goto(`${web.url}/projects/987654`);
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  await screen('project-not-found');
  await page.goto(`${web.url}/no/such/page`);
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  await screen('not-found');
  await page.goto(web.url + '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You are signed out.').waitFor();
  await screen('signed-out');
  await page.context().close();

  seen.push(['the simulator\'s request log', JSON.stringify(await sim.control('GET', '/_sim/requests'))]);
  seen.push(['simulator and nginx output', processOutput.join('')]);
  const nginxLog = join(web.root, '..', 'logs', 'error.log');
  if (existsSync(nginxLog)) seen.push(['nginx error log', readFileSync(nginxLog, 'utf8')]);
  const written = filesSince(artifacts, started).filter((f) => !f.endsWith('.png'));
  for (const file of written) seen.push([file, readFileSync(file, 'utf8')]);

  assert.ok(seen.filter(([where]) => where === 'request').length > 20, 'the requests were seen');
  assert.ok(processOutput.join('').includes('storyreel-sim listening'), "the simulator's output was seen");
  const leaks = seen.filter(([, text]) => text.includes(TOKEN) || text.includes(TOKEN.slice(3, -3)));
  assert.deepEqual(leaks.map(([where]) => where), [], 'the token leaked');
});
