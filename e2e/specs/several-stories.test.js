// Several stories at once, with the release build on nginx: ideas typed one a line and read from a
// .csv file, each checked as the story form checks it (the summary links to the field), proposed one
// after another with the progress said, the list and what became of each kept across a reload, a
// refused one kept beside its line and sent again on its own, and one whose answer was lost found
// among the projects instead of made twice. Both profiles: the list the lost one is looked for in
// comes in either shape, and a refusal's body is the service's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, profile, screenInEveryVariant, signIn, testOnce, useRun } from '../lib/harness.js';

let sim, web, browser;
// The client gives up after 3 s; the lost answer below comes 20 s after the project was made.
useRun(['--speed', '2000'], { poll_interval_seconds: 1, request_timeout_seconds: 3 }, (run) => ({ sim, web, browser } = run));

const creates = async () => (await sim.requests('POST', /\/stories\/create$/)).length;
const story = (page, n) => page.getByRole('group', { name: `Story ${n}` });

async function open() {
  const page = await openPage(browser);
  await signIn(page, { url: `${web.url}/new/several`, remember: true });
  await page.getByRole('heading', { name: 'Several stories' }).waitFor();
  return page;
}

// Once: the form's checks, the app's storage across a reload and one request a story; the create answer
// differs only in its created_at, read in both by the tests below and create-review.test.js.
testOnce('ideas one a line are checked as the form checks them, proposed one after another, and kept across a reload', async () => {
  const page = await open();
  const before = await creates();
  await page.getByLabel('Ideas, one a line').fill('A lighthouse keeper befriends a lost whale\nAn idea added by mistake, then removed\nToo short\nA baker at dawn discovers a talking loaf');
  await page.getByLabel('Person id for each').fill('1');
  await page.getByLabel('Scenes for each').fill('3');
  await page.getByRole('button', { name: 'Add these ideas' }).click();
  await page.getByText('Added 4 stories to the list below.').waitFor();
  assert.equal(await page.getByLabel('Ideas, one a line').inputValue(), '', 'the ideas moved to the list');
  // A double click on Remove removes that one: the next story's button does not slide under the pointer.
  await page.getByRole('button', { name: 'Remove story 2' }).dblclick();
  await story(page, 4).waitFor({ state: 'detached' });
  assert.equal(await story(page, 2).getByLabel('Idea').inputValue(), 'Too short');
  assert.equal(await page.getByRole('group', { name: /^Story \d$/ }).count(), 3);

  // A problem is said once the person leaves the field, beside it (not before: story 3 is not reached)...
  const shortIdea = story(page, 2).getByLabel('Idea');
  await shortIdea.fill('Too short');
  assert.equal(await story(page, 2).getByText(/Write at least 10 characters/).count(), 0, 'nothing said while typing');
  await story(page, 2).getByLabel('Scenes').focus();
  await story(page, 2).getByText('Write at least 10 characters (now 9).').waitFor();
  // ...and summed up above, with a link to it, once they try to propose.
  await page.getByRole('button', { name: 'Propose all not sent yet' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await summary.getByRole('link', { name: /^Story 2: Write at least 10 characters/ }).click();
  assert.ok(await story(page, 2).getByLabel('Idea').evaluate((el) => el === document.activeElement), 'the link takes the focus to story 2\'s idea');
  assert.equal(await creates(), before, 'nothing sent while a story has a problem');
  if (profile === 'default') assert.deepEqual(await screenInEveryVariant(page, 'several-stories-problem'), []);
  else await checkScreen(page, 'several-stories-problem');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Kept across a reload, as typed.
  await page.reload();
  await story(page, 3).getByLabel('Idea').waitFor();
  assert.equal(await story(page, 2).getByLabel('Idea').inputValue(), 'Too short');
  await story(page, 2).getByLabel('Idea').fill('Too short no more: a kite maker races the wind');
  await page.getByRole('button', { name: 'Propose all not sent yet' }).dblclick();
  await page.getByText('3 of 3 proposed').waitFor({ timeout: 20_000 });
  assert.equal(await creates() - before, 3, 'one request a story, a double click notwithstanding');
  // Each links to its review; a reload keeps what became of each, and sends nothing.
  await page.reload();
  await page.getByText('3 of 3 proposed').waitFor();
  await page.getByRole('link', { name: 'Review story 2' }).click();
  await page.getByRole('heading', { name: /Too short no more/ }).or(page.getByText('Too short no more: a kite maker races the wind')).first().waitFor();
  assert.equal(await creates() - before, 3);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a .csv file gives each story its scenes and person; a refused one is said beside it and sent again on its own', async () => {
  const page = await open();
  const before = await creates();
  const csv = 'idea,scenes,person\n"A clockmaker, at midnight, fixes time itself",2,1\nA fisherman mends the nets of a whole village,4,999\n';
  await page.getByLabel(/^Or add from a file/).setInputFiles({ name: 'ideas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('Added 2 stories to the list below.').waitFor();
  assert.equal(await story(page, 1).getByLabel('Idea').inputValue(), 'A clockmaker, at midnight, fixes time itself');
  assert.equal(await story(page, 2).getByLabel('Scenes').inputValue(), '4');
  // Person 999 is no person of this account: the service refuses that one alone.
  await page.getByRole('button', { name: 'Propose all not sent yet' }).click();
  await page.getByText('1 of 2 proposed').waitFor({ timeout: 20_000 });
  await story(page, 2).locator('..').getByText(/Not proposed: .*Your story is kept\./).waitFor();
  assert.equal(await creates() - before, 2);
  await story(page, 2).getByLabel('Person id').fill('1');
  await page.getByRole('button', { name: 'Send story 2 again' }).click();
  await page.getByText('2 of 2 proposed').waitFor({ timeout: 20_000 });
  assert.equal(await creates() - before, 3, 'only the refused one was sent again');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a story whose answer is lost is found among the projects, never made twice', async () => {
  const page = await open();
  await page.getByLabel('Ideas, one a line').fill('A paper boat sails all the way to the sea');
  await page.getByLabel('Person id for each').fill('1');
  await page.getByRole('button', { name: 'Add these ideas' }).click();
  const before = await creates();
  await sim.control('PUT', '/_sim/faults', { answer_late_count: 1, answer_late_ms: 20_000, path_contains: '/stories/create' });
  await page.getByRole('button', { name: 'Propose all not sent yet' }).click();
  // The service made it and its answer never came in time: the newest projects show it.
  await page.getByRole('link', { name: 'Review story 1' }).waitFor({ timeout: 20_000 });
  await sim.control('PUT', '/_sim/faults', { answer_late_count: 0, path_contains: null });
  await page.getByText('1 of 1 proposed').waitFor();
  assert.equal(await creates() - before, 1, 'made once');
  assert.equal(await page.getByRole('button', { name: /again/ }).count(), 0, 'nothing offers to send it again');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
