// Spending with the release build on nginx: a project approved and one scene regenerated through the
// app, each dialog saying what the project has cost so far; the Spending view's row, totals and CSV
// after the service reported `credits_used`; a monthly budget set there, which a paid dialog then
// measures the action against; the view in every width, theme and access mode, axe-clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkScreen, openPage, screenInEveryVariant, useRun } from '../lib/harness.js';

let sim, web, browser;

useRun(['--speed', '2000'], { poll_interval_seconds: 0.5 }, (run) => ({ sim, web, browser } = run));

test('approve and a regeneration are counted, reported figures replace estimates, and the CSV is the table', async () => {
  const idea = 'A lantern maker lights the harbour one boat at a time';
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: 2 });
  const page = await openPage(browser);
  await page.goto(`${web.url}/projects/${id}`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('button', { name: 'Approve and generate…' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve and generate' });
  await approve.getByText('This device has sent nothing paid for this project so far.').waitFor();
  await approve.getByRole('button', { name: 'Reserve 200 credits and generate' }).click();

  // The service's figure comes with the completed status.
  await page.getByText('Credits used: 200').waitFor();
  await page.getByRole('button', { name: 'Regenerate scene 2…' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate scene 2' });
  await regenerate.getByText('So far this project has cost 200 credits, reported by the service.').waitFor();
  await regenerate.getByRole('button', { name: 'Regenerate (about 100 credits)' }).click();
  await page.getByText('The video with the regenerated scene 2 is ready.').waitFor();
  // The status that carries the service's figure may come a check after the new video.
  await page.getByText('Credits used: 300').waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spending' }).click();
  const table = page.getByRole('table', { name: 'Credits by project' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  // Named as everywhere in the app: the project's description.
  const { description: title } = await sim.call('GET', `/scene-projects/${id}`);
  assert.ok(title.includes(idea), title);
  // The view's code comes on first use (split off): its row is drawn once that code is in.
  await row.locator('th, td').nth(4).waitFor();
  assert.deepEqual(await row.locator('th, td').allTextContents(), [
    title, 'about 200 credits, estimated', '1: about 100 credits, estimated', '300 credits', '300 credits, reported by the service',
  ]);
  await page.getByText('This month: about 300 credits, estimated').waitFor();
  await page.getByText('In all: 300 credits, reported by the service').waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'storyreel-spending.csv');
  assert.equal(readFileSync(await download.path(), 'utf8'),
    'Project,Title,Approval (estimated),Regenerations,Regenerations (estimated),Used (reported),Total,Basis\r\n'
    + `${id},${title},200,1,100,300,300,reported\r\n`);
  // The charges the service made are the ones the app counted.
  assert.equal((await sim.call('GET', `/scene-projects/${id}/status`)).credits_used, 300);

  // A monthly budget: checked next to its field when saved, kept, and said against the month.
  const budget = page.getByLabel('Monthly budget (credits)');
  await budget.fill('0');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await page.getByText('Enter a number of credits from 1 to 100000000, or leave it empty for no budget.').waitFor();
  assert.equal(await budget.getAttribute('aria-invalid'), 'true');
  assert.equal(await budget.inputValue(), '0', 'what was typed stays');
  // By keyboard: Enter in the field saves it.
  await budget.fill('250');
  await budget.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Saved: a monthly budget of 250 credits.' }).waitFor();
  await page.getByText('Monthly budget: 250 credits, gone over by about 50.').waitFor();

  const problems = await screenInEveryVariant(page, 'spending');
  assert.deepEqual(problems, []);

  // The next paid dialog says what the month has cost, what the action adds, and by how much it goes
  // over: a warning, and the action stays offered.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Regenerate scene 1…' }).click();
  const again = page.getByRole('dialog', { name: 'Regenerate scene 1' });
  await again.getByRole('status').filter({
    hasText: 'This month so far: about 300 credits, estimated. This adds about 100. That makes about 400, over your monthly budget of 250 by about 150. You can still go ahead.',
  }).waitFor();
  assert.ok(await again.getByRole('button', { name: 'Regenerate (about 100 credits)' }).isEnabled());
  await checkScreen(page, 'regenerate-over-budget');
  // Reloaded, the budget is still this account's.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spending' }).click();
  assert.equal(await page.getByLabel('Monthly budget (credits)').inputValue(), '250');
  await page.context().close();
});
