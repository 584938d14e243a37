// A paid request whose answer is lost: the service carries it out and answers after the app has given
// up (the simulator's "answer late" fault). The app keeps a record of what it sent until the project
// shows it, in storage every tab reads: one charge however often the person clicks in the minutes after,
// across a reload and in a second tab. Both profiles: the default one shows the work at once (a
// regeneration is `generating`); under alt the project stays `completed` and unchanged until the new
// video is there, which "nothing changed" must never read as "nothing was done".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTabs, profile, signIn as signInAs, testOnce, useRun } from '../lib/harness.js';

let sim, web, browser;
// The client gives up after 3 s; the service answers 20 s after it did the work.
useRun(['--speed', '2000'], { poll_interval_seconds: 1, request_timeout_seconds: 3 }, async (run) => {
  ({ sim, web, browser } = run);
  await sim.control('PUT', '/_sim/users/1/credits', { credits: 1_000_000 });
});

const LATE_MS = 20_000;
const answerLate = (path) => sim.control('PUT', '/_sim/faults', { answer_late_count: 1, answer_late_ms: LATE_MS, path_contains: path });
const calm = () => sim.control('PUT', '/_sim/faults', { answer_late_count: 0, path_contains: null });

/** Two tabs of one browser: one storage, and one Playwright clock, which the test moves on. */
async function twoTabs() {
  const tabs = await openTabs(browser, 2, { clock: true });
  return { context: tabs[0].context(), tabs };
}

const signIn = (page, to) => signInAs(page, { url: web.url + to, remember: true });

const charges = async (id, reason) => (await sim.control('GET', '/_sim/users/1')).ledger
  .filter((e) => e.project_id === id && e.amount < 0 && (!reason || reason.test(e.reason))).length;

async function completed() {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A kite maker races the wind', num_scenes: 2 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await sim.completed(id);
  return id;
}

/** The app's own ledger (the device's storage): the charges it noted for a project. */
const noted = (page, id) => page.evaluate((id) => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('storyreel.spending.'));
  const ledger = JSON.parse(localStorage.getItem(key) ?? '[]');
  return ledger.find((p) => p.id === id)?.charges ?? [];
}, id);

test('a regeneration answered after the timeout is charged once: clicks for minutes after, a reload and a second tab send nothing', async () => {
  const id = await completed();
  // At a person's pace: the work takes about two minutes, all of them spent below.
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  const { context, tabs: [a, b] } = await twoTabs();
  await signIn(a, `/projects/${id}/video`);
  await b.goto(`${web.url}/projects/${id}/video`);
  await b.getByRole('button', { name: 'Regenerate scene 1…' }).waitFor();

  await answerLate(`/scene-projects/${id}/scenes/1/regenerate`);
  await a.getByRole('button', { name: 'Regenerate scene 1…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Regenerate scene 1' });
  await dialog.getByRole('button', { name: 'Regenerate (about 100 credits)' }).dblclick();
  if (profile === 'alt') {
    // Completed and unchanged: nothing tells whether the service took it.
    await dialog.getByText('could not confirm that the service received this').waitFor({ timeout: 10_000 });
    // The person gives up waiting in the dialog, and looks for another way to ask.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } else {
    // The project shows the regeneration under way (tab B may have seen it first): the dialog closes.
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  }
  assert.equal(await charges(id, /regenerat/i), 1, 'the service did the work');

  // What each tab offers, minutes on, after a reload of one of them: nothing that spends credits.
  // A paid action offered: a button that can be pressed (a disabled one says why on the page).
  const offered = async (page) => page.locator('button:enabled').filter({ hasText: /^(Regenerate scene \d…|Upscale the video)$/ }).count();
  // 1, 4 and 9 minutes after sending: within the 10 a regeneration usually takes.
  for (const minutes of [1, 3, 5]) {
    await context.clock.fastForward(minutes * 60_000);
    if (profile === 'alt') {
      // Completed and unchanged: the record stands, and says so.
      await b.getByText(/^The regeneration of scene 1 sent at .+ is not confirmed yet\./).waitFor();
    } else {
      // The project shows the regeneration under way: followed as such.
      await b.getByText('Scene 1 is being regenerated').first().waitFor();
    }
    for (const [name, page] of [['A', a], ['B', b]]) assert.equal(await offered(page), 0, `tab ${name} offers nothing paid ${minutes} min on`);
  }
  await b.reload();
  await b.getByRole('heading', { name: /Your current video|Your video is ready/ }).waitFor();
  if (profile === 'alt') await b.getByText(/^The regeneration of scene 1 sent at .+ is not confirmed yet\./).waitFor();
  assert.equal(await offered(b), 0, 'a reload offers nothing paid either');
  if (profile === 'alt') {
    // Past its usual time with nothing changed, sending again is offered, saying the first may be charged.
    await context.clock.fastForward(2 * 60_000);
    await b.getByText(/^The regeneration of scene 1 sent at .+ was never confirmed, and the project has not changed since/).waitFor();
    await b.getByRole('button', { name: 'Regenerate scene 1…' }).click();
    const again = b.getByRole('dialog', { name: 'Regenerate scene 1' });
    await again.getByText(/was never confirmed\. If the service did receive it, it may still be charged/).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  }

  // The work ends: the new video is there in both tabs, and the record with it.
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 2000 });
  for (const page of [a, b]) await page.getByText('The video with the regenerated scene 1 is ready.').waitFor({ timeout: 30_000 });
  await calm();
  assert.equal((await sim.requests('POST', new RegExp(`/scene-projects/${id}/scenes/\\d+/regenerate$`))).length, 1, 'one request');
  assert.equal(await charges(id, /regenerat/i), 1, 'one charge');
  assert.equal((await noted(a, id)).filter((c) => c.scene === 1).length, 1, 'the Spending view notes it once, though two tabs saw it');
  assert.deepEqual([...a.problems, ...b.problems], []);
  await context.close();
});

// Once: an approval shows in the status the spec names (proposed, then generating), the same in both profiles.
testOnce('an approval answered after the timeout is charged once, and the other tab never offers it meanwhile', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A lighthouse learns to sing', num_scenes: 2 });
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  const { context, tabs: [a, b] } = await twoTabs();
  await signIn(a, `/projects/${id}`);
  await b.goto(`${web.url}/projects/${id}`);
  const approveB = b.getByRole('button', { name: 'Approve and generate…' });
  await approveB.waitFor();

  await answerLate(`/scene-projects/${id}/approve`);
  await a.getByRole('button', { name: 'Approve and generate…' }).click();
  await a.getByRole('button', { name: 'Reserve 200 credits and generate' }).dblclick();
  // While tab A waits for its answer, tab B sees the approval sent and offers none.
  await b.getByText(/^The approval sent at .+ is not confirmed yet\./).waitFor();
  assert.ok(await approveB.isDisabled(), 'tab B offers no approval while one is under way');
  // The project shows it (generating): tab A follows the generation, tab B reads the project again.
  await a.getByRole('progressbar', { name: 'Overall progress' }).waitFor({ timeout: 20_000 });
  await b.getByText('Generation has started, so the scenes can no longer be edited.').waitFor({ timeout: 20_000 });
  await a.reload();
  await a.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await calm();
  assert.equal((await sim.requests('POST', new RegExp(`/scene-projects/${id}/approve$`))).length, 1, 'one request');
  assert.equal(await charges(id), 1, 'one reservation');
  assert.equal((await noted(a, id)).filter((c) => c.scene === 0).length, 1, 'noted once');
  assert.deepEqual([...a.problems, ...b.problems], []);
  await context.close();
});
