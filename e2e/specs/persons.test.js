// Persons by name with the release build on nginx: person 1 named "Narrator Ada" on the Persons page,
// then chosen by that name in the story form and in the list's filter, every screen axe-clean and
// fitting at 1280 px and 360 px; the name stays in the browser, in no request the app sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, useRun } from '../lib/harness.js';

const NAME = 'Narrator Ada';
const IDEAS = { one: 'A lighthouse keeper reads the tides aloud', two: 'A paper boat sails all the way to the sea' };
let sim, web, browser;

useRun(['--speed', '2000'], {}, async (run) => {
  ({ sim, web, browser } = run);
  await sim.call('POST', '/stories/create', { person_id: 1, story_idea: IDEAS.one, num_scenes: 2 });
  await sim.call('POST', '/stories/create', { person_id: 2, story_idea: IDEAS.two, num_scenes: 2 });
});

/** The page does not scroll sideways at this width. */
async function assertFits(page, where, width) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${where} is ${scroll} px wide at a ${width} px viewport`);
}

/** The screen as it is, at each width (the same page made narrower, then wide again: one journey
 * looks at both, where a journey a width loaded every screen twice). */
async function check(page, name) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await assertFits(page, name, width);
    await checkScreen(page, `${name}-${width}`);
  }
}

const titles = (page) => page.evaluate(() => [...document.querySelectorAll('.project-row .project-main a')].map((a) => a.textContent));

test(`person 1 named "${NAME}" is chosen by name in the story form and the list's filter; the name is never sent`, async () => {
  const page = await openPage(browser);
  const sent = [];
  page.on('request', (r) => sent.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`));

  // A newcomer's first stop, an account with no project yet (other-token's): the story form says where
  // person ids come from, beside the field, and links to Persons, which explains them.
  await page.goto(`${web.url}/new`);
  await page.getByLabel('Access token').fill('other-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  const newcomer = page.getByText(/^No person is known on this device yet\. Person ids come from your video service's provider/);
  await newcomer.waitFor();
  await check(page, 'new-story-newcomer');
  await newcomer.getByRole('link', { name: 'Persons' }).click();
  await page.getByRole('heading', { name: 'Persons' }).waitFor();
  await page.getByText(/^A person id is who appears in your videos\. The ids come from your video service's provider/).waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // demo-token's account, whose projects use persons 1 and 2: known once its list is read.
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await nav.getByRole('link', { name: 'Persons' }).click();
  await page.getByRole('heading', { name: 'Persons' }).waitFor();
  // The ids this account's projects use are offered, each by name or as "Person N".
  const known = page.getByLabel('Known person');
  assert.deepEqual(await known.locator('option').allTextContents(), ['Another id', 'Person 1', 'Person 2']);
  await known.selectOption({ label: 'Person 1' });
  assert.equal(await page.getByLabel('Person id').inputValue(), '1');
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('status').filter({ hasText: `Saved: ${NAME} (person 1).` }).waitFor();
  assert.deepEqual(await known.locator('option').allTextContents(), ['Another id', `${NAME} (person 1)`, 'Person 2']);
  await check(page, 'persons');

  await nav.getByRole('link', { name: 'New story' }).click();
  await page.getByRole('heading', { name: 'New story' }).waitFor();
  assert.equal(await newcomer.count(), 0, 'with persons known, the form offers them instead');
  const idea = `${IDEAS.one}, told again`;
  await page.getByLabel('Story idea').fill(idea);
  await page.getByLabel('Known person').selectOption({ label: `${NAME} (person 1)` });
  assert.equal(await page.getByLabel('Person id').inputValue(), '1', 'choosing her fills the id');
  await page.getByLabel('Number of scenes').fill('2');
  await check(page, 'persons-story-form');
  await page.getByRole('button', { name: 'Propose scenes' }).click();
  await page.waitForURL(/\/projects\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  assert.equal((await sim.call('GET', `/scene-projects/${id}`)).person_id, 1, "the service's project is person 1's");

  await nav.getByRole('link', { name: 'Projects' }).click();
  const filters = page.getByRole('search', { name: 'Filter projects' });
  await filters.getByLabel('Known person').selectOption({ label: `${NAME} (person 1)` });
  assert.equal(await filters.getByLabel('Person id').inputValue(), '1');
  // Choosing her filters at once: there is no Apply step.
  await page.waitForURL(/\/\?person_id=1$/);
  await page.waitForFunction(([want, other]) => {
    const shown = [...document.querySelectorAll('.project-row .project-main a')].map((a) => a.textContent);
    return want.every((w) => shown.some((t) => t.includes(w))) && !shown.some((t) => t.includes(other));
  }, [[IDEAS.one, idea], IDEAS.two]);
  assert.ok((await titles(page)).every((t) => !t.includes(IDEAS.two)), 'only person 1 is listed');
  assert.equal(await filters.getByLabel('Known person').inputValue(), '1', 'the filter shows her chosen');
  await check(page, 'persons-filter');

  const create = sent.find((s) => s.startsWith('POST') && s.includes('/stories/create'));
  assert.match(create, /"person_id":1[,}]/);
  assert.ok(sent.some((s) => s.includes('/scene-projects?person_id=1 ')), `the list was asked for person 1: ${sent.join('\n')}`);
  const leaks = sent.filter((s) => s.includes('Narrator') || s.includes('Ada') || s.includes('Narrator%20Ada'));
  assert.deepEqual(leaks, [], 'the name is in no request');
  await page.context().close();
});
