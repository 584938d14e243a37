// Faults beyond the matrix (e2e/lib/faults.js has its actions and faults): answers of the right shape
// with values nobody promised, the queries the app sends, and the same faults from the service itself
// (the simulator's switches, shared by the whole file, so these run one after another).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { changedAnswer, testOnce, until } from '../lib/harness.js';
import { POLL_S, byName, charges, inject, is, project, signedInPage, sim, useFaultRun, web } from '../lib/faults.js';

useFaultRun();

/** The service's real answer, changed by `change`: valid JSON, odd values. */
const odd = changedAnswer;

// The last fault: a 200 of the right shape with values nobody promised. Each action has its own.
describe('odd answers', () => {
  test('sign in and list: a list wrapped in an object, unknown statuses, progress 140 and -5, null addresses', async () => {
    await project('proposed');
    const cell = await byName['sign in'].setup();
    const { page } = cell;
    // The alt profile wraps its list already: take the items from either shape, wrap them anew.
    const items = (list) => (Array.isArray(list) ? list : Object.values(list).find(Array.isArray));
    const clear = await inject(page, is('GET', /\/scene-projects$/), odd((list) => ({
      total: items(list).length,
      items: items(list).map((p, i) => ({ ...p, status: i === 0 ? 'warming_up' : p.status, progress: i === 0 ? 140 : -5, final_video_url: null, thumbnail_url: null })),
    })));
    await byName['sign in'].act(cell);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    await page.getByText('Warming up').first().waitFor();
    const text = await page.locator('main').innerText();
    assert.doesNotMatch(text, /140\s*%|-5\s*%/, 'progress is shown within 0 to 100');
    await clear();
    await page.getByRole('button', { name: 'Refresh list' }).click();
    await page.getByText('Warming up').waitFor({ state: 'detached' });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  // Once: the oddities are this test's own; the create answer differs between the profiles only in its
  // created_at, read in both by create-review.test.js, as is the review after it.
  testOnce('create: an answer without an id keeps the story and says so; one with an unknown status and no scenes still leads to the review', async () => {
    const cell = await byName['create'].setup();
    const { page } = cell;
    let clear = await inject(page, is('POST', /\/stories\/create$/), odd(({ id, ...rest }) => rest));
    await byName['create'].act(cell);
    await page.getByText(/could not read/).first().waitFor();
    await byName['create'].kept(cell);
    await clear();
    clear = await inject(page, is('POST', /\/stories\/create$/), odd((p) => ({ ...p, status: 'drafting', scenes: [] })));
    await byName['create'].act(cell);
    await page.getByRole('group', { name: /^Scene 3/ }).waitFor();
    await clear();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  // Once: the answer is made up whole (the same bytes in either profile), and the app reads none of it.
  testOnce('save a scene: whatever the service answers, the saved text is what the project shows', async () => {
    const cell = await byName['save a scene'].setup();
    const { page, scene } = cell;
    const clear = await inject(page, is('PUT', /\/scenes\/\d+$/), odd(() => ({ scene_number: 99, description: null, status: 'mystery' })));
    await byName['save a scene'].act(cell);
    await scene.getByText('Saved.').waitFor();
    await byName['save a scene'].kept(cell);
    await clear();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  // Once: built from the approve answer, which the spec shows; the generation after it is read in both by
  // the status poll's test and video.test.js.
  testOnce('approve: an unknown status and a negative credit figure in the answer still lead to generation, charged once', async () => {
    const cell = await byName['approve'].setup();
    const { page, id } = cell;
    const clear = await inject(page, is('POST', /\/approve$/), odd((a) => ({ ...a, status: 'queued_for_gpu', credits_reserved: -5, estimated_time: 'soon' })));
    await byName['approve'].act(cell);
    await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    assert.equal(await charges(id), 1);
    await clear();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test('status poll: progress 140 then -5, an unknown step and status, scenes out of order, repeated and then none, null addresses', async () => {
    const cell = await byName['status poll'].setup();
    const { page } = cell;
    // What the page shows of the progress: the native bar's value (for assistive technology) and its figure.
    const shown = () => page.evaluate(() => ({
      value: document.querySelector('progress#generation-progress')?.value ?? null,
      figure: document.querySelector('.progress-figure')?.textContent ?? null,
    }));
    const answers = [
      [(s) => ({ ...s, progress: 140, current_step: 'polishing_pixels', scenes: [...(s.scenes ?? [])].reverse().concat(s.scenes ?? []) }),
        'Polishing pixels', { value: 100, figure: '100%' }, ['1', '2']],
      // No scenes in the answer: the rows the page had stay.
      [(s) => ({ ...s, progress: -5, status: 'warming_up', scenes: [], final_video_url: null }), 'Warming up', { value: 0, figure: '0%' }, ['1', '2']],
    ];
    for (const [change, words, progress, scenes] of answers) {
      // Every status answer is the odd one until cleared, so what the page shows once it has taken one
      // stays as that answer made it.
      let given = 0;
      const clear = await inject(page, is('GET', /\/status$/), async (route) => { await odd(change)(route); given += 1; });
      await byName['status poll'].act(cell);
      await until('the odd answer to be given', () => given > 0);
      await page.getByText(words).first().waitFor();
      assert.deepEqual(await shown(), progress, 'progress shown within 0 to 100');
      const rows = await page.getByRole('listitem').filter({ hasText: /^Scene \d/ }).allInnerTexts();
      assert.deepEqual(rows.map((r) => r.match(/^Scene (\d+)/)[1]), scenes, 'each scene row once, in order');
      await clear();
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test('regenerate and upscale: answers with unknown statuses and nothing else still start the follow-up, charged once', async () => {
    const cell = await byName['regenerate'].setup();
    const { page, id } = cell;
    const before = await charges(id);
    let clear = await inject(page, is('POST', /\/regenerate$/), odd(() => ({ status: 'mystery' })));
    await byName['regenerate'].act(cell);
    await page.getByText(/Scene 1 is being regenerated|regenerated scene 1 is ready/).first().waitFor({ timeout: 20_000 });
    assert.equal(await charges(id) - before, 1);
    await clear();
    clear = await inject(page, is('POST', /\/upscale$/), odd(() => ({})));
    await page.getByRole('button', { name: 'Upscale the video' }).click();
    await page.getByText(/Upscaling: a higher-resolution copy|The upscaled video is ready/).first().waitFor({ timeout: 20_000 });
    await clear();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  test('load the finished video: scenes out of order and repeated, no final address, are shown once each and said plainly', async () => {
    const id = await project('completed', 3);
    const page = await signedInPage(`/projects/${id}/video`);
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
    const shuffle = (p) => ({ ...p, final_video_url: null, scenes: p.scenes ? [p.scenes[2], p.scenes[0], p.scenes[2], p.scenes[1]] : p.scenes });
    const clear = await inject(page, is('GET', /\/scene-projects\/\d+(\/status)?$/), odd(shuffle));
    await page.reload();
    await page.getByText("The final video's address is unavailable").waitFor();
    // That line follows the status answer; the clips follow the project read, which may come later.
    await page.getByText(/^Scene 3 clip/).first().waitFor();
    const scenes = await page.getByText(/^Scene \d clip/).allInnerTexts();
    assert.deepEqual(scenes.map((s) => s.match(/^Scene (\d)/)[1]), ['1', '2', '3'], 'each scene once, in order');
    await clear();
    await page.reload();
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
    await page.locator('video[aria-label="Final video"]').waitFor();
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});

// Once: the queries the app writes; what comes back is not looked at.
testOnce('requests are well formed: no empty or trailing parameter in any query the app sends', async () => {
  const page = await signedInPage('/');
  const urls = [];
  page.on('request', (r) => { if (r.url().startsWith(sim.api)) urls.push(r.url()); });
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  for (const query of ['?status_filter=generating', '?person_id=1', '?status_filter=completed&person_id=1', '?status_filter=&person_id=', '?person_id=&status_filter=failed&']) {
    await page.goto(`${web.url}/${query}`);
    await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    await page.waitForLoadState('networkidle');
  }
  assert.ok(urls.some((u) => u.includes('status_filter=')), `a filtered list was asked for: ${urls.join(' ')}`);
  for (const u of urls) assert.doesNotMatch(u, /[?&]$|&&|\?&|=(&|$)/, `well formed: ${u}`);
  await page.context().close();
});

// The same faults from the service itself (the simulator's switches): the wait the service asks
// for is measured in its own request log.
describe('faults from the simulator', () => {
  const faults = (body) => sim.control('PUT', '/_sim/faults', { path_contains: null, ...body });
  const gapAfter = (log, status) => {
    const i = log.findIndex((r) => r.status === status);
    assert.ok(i >= 0 && log[i + 1], `a ${status} and a request after it: ${JSON.stringify(log)}`);
    return log[i + 1].at_ms - log[i].at_ms;
  };

  test('status poll: a 503 with Retry-After is waited out, then watching goes on', async () => {
    const id = await project('generating');
    const page = await signedInPage(`/projects/${id}/video`);
    await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    await faults({ unavailable_count: 1, retry_after_seconds: 4, path_contains: '/status' });
    const checkNow = page.getByRole('button', { name: 'Check now' });
    await checkNow.click();
    // The alt profile sends Retry-After as an HTTP date, whole seconds: 4 s can read as 3 to 5.
    const said = page.getByText(/unavailable for now.*try again in [345] seconds/);
    await said.waitFor();
    assert.equal(await checkNow.getAttribute('aria-disabled'), 'true', 'Check now waits for the service\'s time');
    await said.waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(await checkNow.getAttribute('aria-disabled'), 'false', 'and is offered again after it');
    const gap = gapAfter(await sim.requests('GET', new RegExp(`/scene-projects/${id}/status$`)), 503);
    assert.ok(gap >= 2_900, `the next check waited for Retry-After (4 s; the poll interval is ${POLL_S} s): ${gap} ms`);
    await faults({});
    await page.context().close();
  });

  // A 429 from the service on the list, and a click before its Retry-After sending nothing, has no page of its
  // own here: projects.test.js checks it in both profiles (the wait told in whole seconds, a click before
  // it is over sends nothing, one read once it is), and delivery.test.js on the read started early.

  test('save: a 500 from the service keeps the text, and saving again works', async () => {
    const cell = await byName['save a scene'].setup();
    await faults({ error_500_count: 1, path_contains: '/scenes/' });
    await byName['save a scene'].act(cell);
    await cell.scene.getByText(/problem on its side \(Internal server error\)/).waitFor();
    await byName['save a scene'].kept(cell);
    await byName['save a scene'].recovered(cell);
    await faults({});
    await cell.page.context().close();
  });

  // A token revoked mid-way through an approval has no page of its own here: the service's own 401 on the
  // approve, in both profiles' bodies, is tests/browser/create_review.rs's (signed in again, the models typed
  // are there and only the refused approval was sent; the story form's likewise, with the words the person
  // reads); in the release build the fault matrix's "approve × 401" signs the person out, and signed in
  // again, one approval reserves the credits exactly once.
});
