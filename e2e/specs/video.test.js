// Generation watched and the video played, as a person does it with the release build: approve,
// see progress and scenes move, play the result; a failure; an outage the page rides out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, launchBrowser, openPage, startSim, startWeb } from '../lib/harness.js';

const INTERVAL_S = 1;
let sim, web, browser;
before(async () => {
  // A 3-scene generation takes 320 s at speed 1: 20 s here.
  sim = await startSim(['--speed', '16']);
  web = await startWeb(sim.api, { poll_interval_seconds: INTERVAL_S, request_timeout_seconds: 2 });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await web?.stop();
  await sim?.stop();
});

async function signIn(page, to) {
  await page.goto(web.url + to);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What the video page shows right now, read in one go. */
const snapshot = (page) => page.evaluate(() => ({
  progress: document.querySelector('progress')?.value,
  scenes: [...document.querySelectorAll('.scene-progress-row p')].map((p) => p.textContent).join(' | '),
  images: document.querySelectorAll('.scene-progress-row img').length,
  done: document.body.innerText.includes('Your video is ready'),
  title: document.title,
}));

test('approve, watch progress and scenes change, and play the finished video', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A paper boat sails to the sea', num_scenes: 3 });
  const page = await openPage(browser);
  await signIn(page, `/projects/${id}`);
  await page.getByRole('button', { name: 'Approve and generate…' }).click();
  await page.getByRole('button', { name: 'Reserve 300 credits and generate' }).click();
  await page.waitForURL(`**/projects/${id}/video`);
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  await page.getByRole('button', { name: 'Check now' }).waitFor();
  await checkScreen(page, 'generating');

  const progress = [];
  const sceneStates = new Set();
  let images = 0;
  const deadline = Date.now() + 90_000;
  for (let s = await snapshot(page); !s.done; s = await snapshot(page)) {
    assert.ok(Date.now() < deadline, `still not done: ${JSON.stringify(s)}`);
    if (s.progress !== undefined && progress.at(-1) !== s.progress) {
      progress.push(s.progress);
      assert.match(s.title, new RegExp(`^${s.progress}% · `), 'the tab title shows the percentage');
    }
    if (s.scenes) sceneStates.add(s.scenes);
    images = Math.max(images, s.images);
    await page.waitForTimeout(200);
  }
  assert.ok(progress.length >= 5, `progress moved in steps: ${progress}`);
  assert.deepEqual([...progress].sort((a, b) => a - b), progress, `and only forwards: ${progress}`);
  assert.ok(sceneStates.size >= 4, `scene rows changed: ${[...sceneStates].join('\n')}`);
  assert.ok(images >= 1, 'scene images appeared while generating');
  assert.equal(await page.title(), '✓ Ready · storyreel');
  await page.getByText('Credits used: 300').waitFor();

  // One status request per interval while watching: none doubled, none after completion.
  const pattern = new RegExp(`/scene-projects/${id}/status$`);
  const checks = (await sim.requests('GET', pattern)).map((r) => r.at_ms);
  const gaps = checks.slice(1).map((at, i) => at - checks[i]);
  assert.ok(gaps.every((g) => g >= INTERVAL_S * 1000 * 0.9), `no check sooner than the interval: ${gaps}`);
  const minutes = (checks.at(-1) - checks[0]) / 60_000;
  const perMinute = (checks.length - 1) / minutes;
  assert.ok(perMinute <= 60 / INTERVAL_S && perMinute >= 60 / INTERVAL_S * 0.8, `${perMinute.toFixed(1)} checks a minute`);
  console.log(`# status checks while watching: ${checks.length} in ${(minutes * 60).toFixed(1)} s = ${perMinute.toFixed(1)} a minute at a ${INTERVAL_S} s interval`);
  await page.waitForTimeout(3000);
  assert.equal((await sim.requests('GET', pattern)).length, checks.length, 'no checks after completion');

  const video = page.locator('video[aria-label="Final video"]');
  await video.evaluate((v) => { v.muted = true; return v.play(); });
  await page.waitForFunction(() => {
    const v = document.querySelector('video[aria-label="Final video"]');
    return v.readyState >= 2 && v.currentTime > 0.5;
  }, null, { timeout: 20_000 });
  const t1 = await video.evaluate((v) => v.currentTime);
  await page.waitForTimeout(700);
  assert.ok(await video.evaluate((v) => v.currentTime) > t1, 'playback advances');
  await page.getByRole('button', { name: 'Scene 3 (0:20)' }).click();
  await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]').currentTime >= 20);
  await checkScreen(page, 'completed');
});

test('a project that fails shows its error and what to do next', async () => {
  const id = await sim.approvedProject(3);
  await sim.control('POST', `/_sim/projects/${id}/fail`);
  const page = await openPage(browser);
  await signIn(page, `/projects/${id}/video`);
  await page.getByRole('heading', { name: 'Generation failed' }).waitFor();
  await page.getByText(/Video generation failed for scene 1/).waitFor();
  await page.getByRole('button', { name: 'Start a new story from this one' }).waitFor();
  await checkScreen(page, 'failed');
});

test('the simulator stopped mid-generation shows reconnecting, and the page recovers when it returns', async () => {
  await sim.control('PUT', '/_sim/speed', { speed: 1 });
  const id = await sim.approvedProject(2);
  const page = await openPage(browser);
  try {
    await signIn(page, `/projects/${id}/video`);
    await page.getByText(/^Checked /).waitFor();
    sim.pause();
    await page.getByText('Reconnecting…').waitFor({ timeout: 15_000 });
    await checkScreen(page, 'reconnecting');
  } finally {
    sim.resume();
  }
  await page.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByText(/^Checked /).waitFor();
  await sim.control('PUT', '/_sim/speed', { speed: 16 });
});

/** A 2-scene project taken to completion quickly, for the tests about the finished video. */
async function completedProject() {
  await sim.control('PUT', '/_sim/speed', { speed: 100000 });
  const id = await sim.approvedProject(2);
  while ((await sim.call('GET', `/scene-projects/${id}/status`)).status !== 'completed') await new Promise((r) => setTimeout(r, 50));
  await sim.control('PUT', '/_sim/speed', { speed: 16 });
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
  await page.route(new RegExp(`/api/v1/scene-projects/${id}(/status)?$`), async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.final_video_url = 'javascript:alert(document.domain)';
    for (const scene of body.scenes ?? []) {
      scene.video_url = 'data:video/webm;base64,GkXfo0AgQoaBAUL3gQFC8oEEQvOBCEKChHdlYm0=';
      scene.image_url = 'javascript:alert(1)';
    }
    await route.fulfill({ response, json: body });
  });
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
