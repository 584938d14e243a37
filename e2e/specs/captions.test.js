// Captions and chapters of the finished video, with the release build under the deployed
// Content-Security-Policy: the browser's own text tracks, read the way its caption menu and
// assistive technology read them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '2000'], { poll_interval_seconds: 0.5, request_timeout_seconds: 5 }, (run) => ({ sim, web, browser } = run));

const LONG = 'Chapter 2: <the storm> & the whale --> sing together, while the keeper climbs the hundred steps '
  + 'of the lighthouse to light the lamp for the ships that are still out at sea tonight.';

/** A completed project of `scenes` scenes whose narration `narrate` chose, with its upscaled version. */
async function completed(scenes, narrate) {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A lighthouse keeper befriends a whale', num_scenes: scenes });
  for (const scene of (await sim.call('GET', `/scene-projects/${id}`)).scenes) {
    const narration = narrate(scene);
    if (narration !== undefined) await sim.call('PUT', `/scene-projects/${id}/scenes/${scene.id}`, { narration_text: narration });
  }
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await sim.completed(id);
  await sim.call('POST', `/scene-projects/${id}/upscale`);
  await sim.upscaled(id);
  return sim.call('GET', `/scene-projects/${id}`);
}

async function openVideo(id) {
  const page = await openPage(browser);
  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  return page;
}

/** The video's `count` text tracks as the browser has them, once every track it loads has its cues. */
const tracks = (page, count) => page.waitForFunction((n) => {
  const v = document.querySelector('video[aria-label="Final video"]');
  const all = [...(v?.textTracks ?? [])];
  if (all.length !== n || all.some((t) => t.mode !== 'disabled' && !t.cues?.length)) return null;
  // getCueAsHTML: the text as shown (a cue's `text` is its WebVTT source, entities and all).
  const shown = (c) => ({ start: c.startTime, end: c.endTime, text: c.getCueAsHTML().textContent });
  return all.map((t) => ({ kind: t.kind, label: t.label, language: t.language, mode: t.mode, cues: [...(t.cues ?? [])].map(shown) }));
}, count, { timeout: 20_000 }).then((h) => h.jsonValue());

/** Seeks to `seconds` and gives the captions' active cues there, as the browser's "time marches on" found them. */
async function activeAt(page, seconds) {
  return page.evaluate(async (at) => {
    const v = document.querySelector('video[aria-label="Final video"]');
    const captions = [...v.textTracks].find((t) => t.kind === 'captions');
    await new Promise((ok) => { v.addEventListener('seeked', ok, { once: true }); v.currentTime = at; });
    // activeCues is updated as a task after the seek: wait for the cues of this moment.
    for (let i = 0; i < 100; i += 1) {
      const active = [...(captions.activeCues ?? [])];
      if (active.length && active.every((c) => c.startTime <= at && at < c.endTime)) {
        return { time: v.currentTime, texts: active.map((c) => c.getCueAsHTML().textContent) };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return { time: v.currentTime, texts: [] };
  }, seconds);
}

const words = (text) => text.split(/\s+/).filter(Boolean).join(' ');

test('the narration is the captions, on by default, and the scenes are the chapters, through the upscaled version too', async () => {
  const project = await completed(3, (s) => (s.scene_number === 2 ? LONG : undefined));
  const page = await openVideo(project.id);
  const narration = Object.fromEntries(project.scenes.map((s) => [s.scene_number, words(s.narration_text)]));
  assert.equal(narration[2], words(LONG));

  const found = await tracks(page, 2);
  assert.deepEqual(found.map(({ kind, label, language, mode }) => ({ kind, label, language, mode })), [
    { kind: 'captions', label: 'Captions', language: '', mode: 'showing' },
    { kind: 'chapters', label: 'Chapters', language: '', mode: 'hidden' },
  ]);
  const [captions, chapters] = found;
  assert.deepEqual(chapters.cues, project.scenes.map((s) => ({ start: (s.scene_number - 1) * 10, end: s.scene_number * 10, text: words(s.description) })),
    'one chapter a scene, its description over its 10 s');
  assert.equal(words(captions.cues.map((c) => c.text).join(' ')), [1, 2, 3].map((n) => narration[n]).join(' '), 'all the narration, in order');
  assert.ok(captions.cues.filter((c) => c.start >= 10 && c.end <= 20).length >= 2, 'the long narration in several cues');
  await checkScreen(page, 'captions');

  // The fixture is a real 30 s file: seek and read what the browser shows at each moment.
  const duration = await page.locator('video[aria-label="Final video"]').evaluate((v) => v.duration);
  assert.ok(duration >= 29.9, `a 30 s video: ${duration}`);
  const atZero = await activeAt(page, 0);
  assert.equal(atZero.texts.length, 1);
  assert.ok(narration[1].startsWith(words(atZero.texts[0])), `scene 1's narration begins at 0 s: ${atZero.texts}`);
  const atTwelve = await activeAt(page, 12);
  assert.equal(atTwelve.texts.length, 1);
  const shown = words(atTwelve.texts[0]);
  assert.ok(narration[2].startsWith(shown) && shown.length < narration[2].length, `scene 2's first cue at 12 s: ${shown}`);
  assert.match(shown, /^Chapter 2: <the storm> & the whale --> sing/, 'markup and arrows shown as written');
  assert.deepEqual((await activeAt(page, 25)).texts.map(words), [narration[3]], "scene 3's narration at 25 s");

  // The upscaled file plays with the same tracks, still showing.
  const video = page.locator('video[aria-label="Final video"]');
  await page.getByRole('radio', { name: 'Upscaled' }).check();
  await page.waitForFunction((src) => {
    const v = document.querySelector('video[aria-label="Final video"]');
    return v.getAttribute('src').startsWith(src) && v.readyState >= 1;
  }, project.final_video_url_upscaled);
  assert.deepEqual(await tracks(page, 2), found);
  assert.deepEqual((await activeAt(page, 25)).texts.map(words), [narration[3]]);
  assert.equal(await video.evaluate((v) => v.querySelectorAll('track').length), 2);
  await checkScreen(page, 'captions-upscaled');
});
