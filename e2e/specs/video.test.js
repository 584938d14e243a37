// Generation watched and the video played, as a person does it with the release build: approve,
// see progress and scenes move, play the result; a failure; an outage the page rides out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, changedAnswer, checkScreen, noteRequests, openPage, pauseClock, requestsNoted, testOnce, until as waitUntil, useRun } from '../lib/harness.js';

const INTERVAL_MS = 1000;
// The app's own time-out is not shortened: a debug-build simulator on a loaded host can take seconds to
// answer, and an answer that came is an answer. The test that needs a time-out moves the page's clock.
const REQUEST_TIMEOUT_S = 15;
let sim, web, browser;
useRun(['--speed', '16'], { poll_interval_seconds: INTERVAL_MS / 1000, request_timeout_seconds: REQUEST_TIMEOUT_S }, (run) => ({ sim, web, browser } = run));

async function signIn(page, to) {
  await page.goto(web.url + to);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A project generating, held at its start: it moves only as the test moves it (`sim.advance`). */
async function heldGenerating(scenes, idea = 'A lantern floats down a river') {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: scenes });
  await sim.hold(id);
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  return id;
}

/** What the video page shows right now, read in one go. */
const snapshot = (page) => page.evaluate(() => ({
  progress: document.querySelector('progress')?.value,
  scenes: [...document.querySelectorAll('.scene-progress-row p')].map((p) => p.textContent).join(' | '),
  images: document.querySelectorAll('.scene-progress-row img').length,
  done: document.body.innerText.includes('Your video is ready'),
  title: document.title,
  line: document.querySelector('.poll-line p')?.textContent,
}));

/** The status requests the simulator has answered for project `id`. */
const statusChecks = async (id) => (await sim.requests('GET', new RegExp(`/scene-projects/${id}/status$`))).length;

test('approve, watch progress and scenes change, and play the finished video', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 3 });
  await sim.hold(id);
  const page = await openPage(browser);
  await noteRequests(page.context(), new RegExp(`/scene-projects/${id}/status$`));
  await page.context().clock.install();
  await signIn(page, `/projects/${id}`);
  await page.getByRole('button', { name: 'Approve and generate…' }).click();
  await page.getByRole('button', { name: 'Reserve 300 credits and generate' }).click();
  await page.waitForURL(`**/projects/${id}/video`);
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await page.getByRole('button', { name: 'Check now' }).waitFor();
  await checkScreen(page, 'generating');

  // From here the page checks only as the test moves its clock, and the work moves 33 s of its 320
  // between checks: each check is counted, and each answer compared with the service's, however long
  // this host takes over either.
  await pauseClock(page);
  // The schedule goes from a check of the person's ("Check now", pressed with no check under way),
  // answered while the clock stands still: from then on each check falls due an interval after the
  // answer before, which comes while the clock stands still too. (Moved on meanwhile, a check due within
  // the step could be answered within it, and the next be due within the next.)
  await page.getByText(/^Checked /).waitFor();
  const pressed = await statusChecks(id);
  await page.getByRole('button', { name: 'Check now' }).click();
  let s = await waitUntil('the answer to "Check now"', async () => {
    if (await statusChecks(id) < pressed + 1) return null;
    const now = await snapshot(page);
    return /^Checked 0 s ago/.test(now.line ?? '') && now;
  });
  const progress = [];
  const sceneStates = new Set();
  let images = 0;
  for (let step = 0; ; step++) {
    if (!s.done) {
      const service = await sim.call('GET', `/scene-projects/${id}`);
      assert.equal(s.progress, service.progress, `the bar shows the service's figure (step ${step})`);
      progress.push(s.progress);
      assert.match(s.title, new RegExp(`^${s.progress}% · `), 'the tab title shows the percentage');
      sceneStates.add(s.scenes);
      images = Math.max(images, s.images);
    }
    if (s.done) break;
    assert.ok(step < 10, `not done after ${step} steps of 33 s of a 320 s job: ${JSON.stringify(s)}`);
    await sim.advance(id, 33);
    const noted = await requestsNoted(page);
    const answered = await statusChecks(id);
    await page.clock.runFor(INTERVAL_MS - 1);
    assert.equal((await requestsNoted(page)).started, noted.started, 'no check sooner than the interval');
    await page.clock.runFor(1);
    assert.equal((await requestsNoted(page)).started, noted.started + 1, 'one check once the interval is over');
    s = await waitUntil('the check\'s answer on the page', async () => {
      if (await statusChecks(id) < answered + 1) return null;
      const now = await snapshot(page);
      return (now.done || /^Checked 0 s ago/.test(now.line ?? '')) && now;
    });
    assert.equal(await statusChecks(id), answered + 1, 'one status request reached the service');
  }
  assert.ok(progress.length >= 5, `progress moved in steps: ${progress}`);
  assert.ok(progress.every((p, i) => i === 0 || p > progress[i - 1]), `and only forwards, with each step of the work: ${progress}`);
  assert.ok(sceneStates.size >= 4, `scene rows changed: ${[...sceneStates].join('\n')}`);
  assert.ok(images >= 1, 'scene images appeared while generating');
  assert.equal(await page.title(), '✓ Ready · storyreel');
  await page.getByText('Credits used: 300').waitFor();

  // Finished: five intervals more bring no check.
  const atEnd = await requestsNoted(page);
  await page.clock.runFor(5 * INTERVAL_MS);
  assert.equal((await requestsNoted(page)).started, atEnd.started, 'no checks after completion');
  await waitUntil('every check to be answered', async () => (await requestsNoted(page)).settled === atEnd.started);
  assert.equal(await statusChecks(id), atEnd.started, 'the service saw each check the page sent, once');

  // The player's time is the media's own; the app's timers run again for it and for axe.
  await page.clock.resume();
  const video = page.locator('video[aria-label="Final video"]');
  await video.evaluate((v) => { v.muted = true; return v.play(); });
  await page.waitForFunction(() => {
    const v = document.querySelector('video[aria-label="Final video"]');
    return v.readyState >= 2 && v.currentTime > 0.5;
  }, null, { timeout: 20_000 });
  const t1 = await video.evaluate((v) => v.currentTime);
  await page.waitForFunction((t) => document.querySelector('video[aria-label="Final video"]').currentTime > t, t1, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Scene 3 (0:20)' }).click();
  await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]').currentTime >= 20);
  await checkScreen(page, 'completed');
});

// Once: the tabs share one stream of checks among themselves; each answer is read as in the first test, in both.
testOnce('three tabs on one generating project make one stream of status checks; the others go on when the checking tab closes', async () => {
  const id = await heldGenerating(2);
  const first = await openPage(browser);
  const context = first.context();
  await noteRequests(context, new RegExp(`/scene-projects/${id}/status$`));
  // Counts the status answers each tab takes, its own or another's: the app marks each on the console's
  // timeline (browser::page::mark_status_applied).
  await context.addInitScript(() => {
    const stampAsIs = console.timeStamp.bind(console);
    window.statusApplied = 0;
    console.timeStamp = (label, ...rest) => {
      if (label === 'storyreel:status-applied') window.statusApplied += 1;
      return stampAsIs(label, ...rest);
    };
  });
  await context.clock.install();
  await first.goto(web.url + `/projects/${id}/video`);
  await first.getByLabel('Access token').fill('demo-token');
  // Kept on the device, so the tabs opened next are signed in too.
  await first.getByLabel('Remember me on this device').check();
  await first.getByRole('button', { name: 'Sign in' }).click();
  const tabs = [first, await context.newPage(), await context.newPage()];
  for (const tab of tabs.slice(1)) await tab.goto(web.url + `/projects/${id}/video`);
  for (const tab of tabs) await tab.getByText(/^Checked \d+ s ago/).waitFor();

  // From here the tabs check only as the test moves their clock (one for the context), an interval at
  // a time: the requests of each interval are counted, not those of some seconds of a loaded host.
  await pauseClock(first);
  const settled = async (open) => (await Promise.all(open.map(requestsNoted))).every((n) => n.settled === n.started);
  const applied = (open) => Promise.all(open.map((t) => t.evaluate(() => window.statusApplied)));
  /** Until every tab in `open` has taken one answer more than `before` (its own, or another tab's), and
   * the service the `answered`th check and one more. (Not "Checked 0 s ago": each page's clock moves in
   * its turn, so a tab can take the answer before its own interval has ended, and then say "1 s ago".) */
  const shown = async (open, answered, before, sent, exactly = true) => {
    let seen;
    await waitUntil(`each of ${open.length} tabs to take the answer`, async () => {
      seen = { answered: await statusChecks(id), applied: await applied(open) };
      return seen.answered > answered && seen.applied.every((n, i) => n > before[i]);
    }).catch((e) => { throw new Error(`${e.message}: ${JSON.stringify({ sent, answered, before, seen })}`); });
    if (exactly) assert.deepEqual(await applied(open), before.map((n) => n + 1), 'each tab took one answer');
    assert.equal(await statusChecks(id), answered + 1, 'the service was asked once');
  };
  /** "Check now" in one of the tabs, with no check under way: every tab takes that answer with the clock
   * standing still, so from then on their checks fall due together, at the end of an interval the clock
   * moves. Each tab takes at least that answer: one a tab shared as the tabs opened may still be on its
   * way to another (its own requests are settled, another's broadcast need not be; a loaded run once
   * saw a tab take two here). From here on each interval is counted exactly. */
  const align = async (open) => {
    await waitUntil('the checks under way to be answered', () => settled(open));
    const [answered, before] = [await statusChecks(id), await applied(open)];
    await open[0].getByRole('button', { name: 'Check now' }).click();
    await shown(open, answered, before, 'Check now', false);
  };
  /** Moves the clock one interval: exactly one of the `open` tabs asks the service (answered: it), and each
   * of them takes that answer. */
  const interval = async (open) => {
    await waitUntil('the checks under way to be answered', () => settled(open));
    const [noted, answered, before] = [await Promise.all(open.map(requestsNoted)), await statusChecks(id), await applied(open)];
    await context.clock.runFor(INTERVAL_MS);
    const sent = (await Promise.all(open.map(requestsNoted))).map((n, i) => n.started - noted[i].started);
    assert.deepEqual(sent.filter((n) => n > 0), [1], `one status request among ${open.length} tabs in an interval: ${sent}`);
    await shown(open, answered, before, sent);
    return open[sent.indexOf(1)];
  };
  await align(tabs);
  let checking;
  for (let i = 0; i < 3; i++) checking = await interval(tabs);
  // The README's picture of the feature: a tab that does not ask, as current as the one that does.
  await tabs.find((t) => t !== checking).screenshot({ path: join(artifacts, `shared-checks-third-tab-${process.env.SIM_PROFILE || 'default'}.png`) });

  // The checking tab closes: its lock goes to one of the others, at once or, should that tab be waiting
  // on the closed one, once its patience (an interval and 2 s) runs out; from then on, one stream again.
  await checking.close();
  const two = tabs.filter((t) => t !== checking);
  const atClose = await statusChecks(id);
  await waitUntil('another tab to take up the checks', async () => {
    await context.clock.runFor(INTERVAL_MS);
    return (await statusChecks(id)) > atClose;
  }, { everyMs: 200 });
  await align(two);
  for (let i = 0; i < 3; i++) await interval(two);
  await context.close();
});

// Once: no answer comes at all while the simulator is stopped; the answers after it are read as in the first test.
testOnce('the simulator stopped mid-generation shows reconnecting, and the page recovers when it returns', async () => {
  const id = await heldGenerating(2);
  const page = await openPage(browser);
  await noteRequests(page.context(), new RegExp(`/scene-projects/${id}/status$`));
  await page.context().clock.install();
  try {
    await signIn(page, `/projects/${id}/video`);
    await page.getByText(/^Checked /).waitFor();
    // The page's clock, not the host's, runs the next check and its time-out; none is under way when
    // the simulator stops.
    await pauseClock(page);
    await page.getByText(/^Checked /).waitFor();
    sim.pause();
    const { started } = await requestsNoted(page);
    await page.clock.runFor(INTERVAL_MS);
    assert.equal((await requestsNoted(page)).started, started + 1, 'the next check went out');
    await page.clock.runFor(REQUEST_TIMEOUT_S * 1000);
    // Then a second at a time, should the page still be short of it (seen once in a loaded run: "Checked",
    // no warning, its clock already past the time-out): every check the stopped simulator holds ends in
    // its time-out on this clock, so the warning must come, and the wait still has its deadline.
    await waitUntil('"Reconnecting…" once the check timed out', async () => {
      if (await page.getByText('Reconnecting…').isVisible()) return true;
      await page.clock.runFor(1000);
      return false;
    }, { everyMs: 100 });
    await page.clock.resume();
    await checkScreen(page, 'reconnecting');
  } finally {
    sim.resume();
  }
  // Checked again after the back-off (an interval, doubled up to four), answered now.
  await page.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByText(/^Checked /).waitFor();
});

/** A 2-scene project taken to completion at once, for the tests about the finished video. */
async function completedProject() {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 2 });
  await sim.hold(id);
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await sim.advance(id, 1000);
  await sim.completed(id);
  return id;
}

test('a broken video link says so, and a refresh brings the video back', async () => {
  const id = await completedProject();
  const page = await openPage(browser);
  // The final video's address as the API gives it (its layout differs between services).
  const address = (await sim.call('GET', `/scene-projects/${id}`)).final_video_url.split('?')[0];
  const finalVideo = (url) => url.href.split('?')[0] === address;
  await page.route(finalVideo, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await signIn(page, `/projects/${id}/video`);
  await page.getByText('This video could not be loaded').waitFor();
  await checkScreen(page, 'video-broken');
  await page.unroute(finalVideo);
  await page.getByRole('button', { name: 'Refresh the project' }).click();
  await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]')?.readyState >= 1);
  assert.equal(await page.getByText('This video could not be loaded').count(), 0);
});

test('addresses other than http(s) from the API are never put into src or href', async () => {
  const id = await completedProject();
  const page = await openPage(browser);
  await page.route(new RegExp(`/api/v1/scene-projects/${id}(/status)?$`), changedAnswer((body) => {
    body.final_video_url = 'javascript:alert(document.domain)';
    for (const scene of body.scenes ?? []) {
      scene.video_url = 'data:video/webm;base64,GkXfo0AgQoaBAUL3gQFC8oEEQvOBCEKChHdlYm0=';
      scene.image_url = 'javascript:alert(1)';
    }
  }));
  await signIn(page, `/projects/${id}/video`);
  await page.getByText('Your video is ready').waitFor();
  await page.getByText("The final video's address is unavailable").waitFor();
  await page.getByText('Scene 1 clip: unavailable').waitFor();
  const used = await page.evaluate(() => [...document.querySelectorAll('[src], [href]')]
    .map((el) => el.getAttribute('src') ?? el.getAttribute('href'))
    .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)));
  assert.deepEqual(used, []);
  assert.equal(await page.locator('video[aria-label="Final video"]').count(), 0);
});

/** Scene `n`'s card on the generation page: what it shows in place of a picture, read in one go. */
const card = (page, n) => page.evaluate((n) => {
  const li = [...document.querySelectorAll('li.scene-progress-row')].find((c) => c.querySelector('h3')?.textContent === `Scene ${n}`);
  const video = li?.querySelector('video');
  return {
    shows: !li ? 'none' : video ? 'clip' : li.querySelector('img') ? 'image' : li.querySelector('.skeleton') ? 'placeholder' : 'nothing',
    alt: li?.querySelector('img')?.getAttribute('alt') ?? null,
    clip: video && { controls: video.controls, muted: video.muted, preload: video.preload, poster: !!video.getAttribute('poster') },
  };
}, n);

test('a generating scene card shows a placeholder, then its image as soon as it exists, then its clip', async () => {
  const id = await sim.approvedProject(2, 'A lighthouse keeper befriends a whale');
  // Scene 2's image comes 75 s into the run, its clip 195 s: 6 s and 16 s at this speed.
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 12 });
  const description = (await sim.call('GET', `/scene-projects/${id}`)).scenes.find((s) => s.scene_number === 2).description;
  const page = await openPage(browser);
  await signIn(page, `/projects/${id}/video`);
  const seen = [];
  const deadline = Date.now() + 60_000;
  for (let c = await card(page, 2); c.shows !== 'clip'; c = await card(page, 2)) {
    assert.ok(Date.now() < deadline, `scene 2 never showed its clip: ${seen}`);
    if (c.shows === 'image') assert.equal(c.alt, `Scene 2 image: ${description}`, 'the image is described by its scene');
    if (seen.at(-1) !== c.shows) seen.push(c.shows);
    await page.waitForTimeout(100);
  }
  seen.push('clip');
  assert.deepEqual(seen.filter((s) => s !== 'none'), ['placeholder', 'image', 'clip'], 'placeholder, then the image, then the clip');
  assert.deepEqual((await card(page, 2)).clip, { controls: true, muted: true, preload: 'metadata', poster: true });
  assert.deepEqual(page.problems, []);
});

// Once: what animates is the style sheet's, whatever the service answers.
testOnce('a page left watching a generation comes to rest: the placeholders shimmer a while, no animation runs without end', async () => {
  const id = await sim.approvedProject(2);
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.0001 });
  const page = await openPage(browser);
  await signIn(page, `/projects/${id}/video`);
  await page.locator('.skeleton').first().waitFor();
  const animations = await page.evaluate(() => document.getAnimations().map((a) => ({
    name: a.animationName ?? a.transitionProperty ?? 'script', iterations: a.effect.getComputedTiming().iterations,
  })));
  assert.ok(animations.some((a) => a.name === 'shimmer'), `the placeholders shimmer at first: ${JSON.stringify(animations)}`);
  assert.deepEqual(animations.filter((a) => a.iterations === Infinity), [], 'nothing keeps the page busy for the 5 to 15 minutes it is watched');
  await page.context().close();
});

// Once: every status answer it checks against is the test's own (step, progress, status).
testOnce('the live region speaks at a new step and a new quarter, never for a check that brought nothing new', async () => {
  const id = await sim.approvedProject(2);
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.01 });
  const page = await openPage(browser);
  // The status answers are the test's: the real answer with the step and progress it says.
  let now = { status: 'generating', current_step: 'queued', progress: 2 };
  let served = 0;
  await page.route(new RegExp(`/api/v1/scene-projects/${id}/status$`), changedAnswer((body) => {
    served += 1;
    return { ...body, ...now };
  }));
  await signIn(page, `/projects/${id}/video`);
  const bar = page.getByRole('progressbar', { name: 'Overall progress' });
  await bar.waitFor();
  const said = () => page.evaluate(() => window.said);
  await page.evaluate(() => {
    window.said = [];
    const region = document.querySelector('p.visually-hidden[role="status"]');
    new MutationObserver(() => window.said.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
  });
  /** Answers `next` and waits until the page has had it twice (so a repeat would have spoken too). */
  const answer = async (next) => {
    now = { ...now, ...next };
    const until = served + 2;
    await page.waitForFunction((p) => document.querySelector('progress')?.value === p, now.progress);
    await waitUntil('the page to have the answer twice', () => served >= until, { everyMs: 100 });
    await page.waitForTimeout(200);
  };
  await answer({});
  assert.deepEqual(await said(), [], 'the first answer and its repeat say nothing');
  await answer({ current_step: 'generating_scene_images', progress: 10 });
  assert.deepEqual(await said(), ['Drawing the scene images · 10% done'], 'a new step');
  assert.equal(await bar.getAttribute('value'), '10', 'the progress bar holds the reported figure');
  await answer({ progress: 20 });
  assert.equal((await said()).length, 1, 'no quarter passed, nothing said');
  await answer({ progress: 30 });
  assert.deepEqual((await said()).at(-1), '30% done · Drawing the scene images', 'the first quarter passed');
  await answer({ progress: 80 });
  assert.deepEqual((await said()).slice(1), ['30% done · Drawing the scene images', '80% done · Drawing the scene images'],
    'two quarters at once are one sentence');
  await answer({ progress: 80 });
  assert.equal((await said()).length, 3, 'a check with nothing new says nothing');
  now = { ...now, status: 'completed', current_step: null, progress: 100 };
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  await page.waitForFunction(() => window.said.at(-1) === 'Generation finished: your video is ready.');
  assert.equal((await said()).length, 4);
});
