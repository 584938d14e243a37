// Versions with the release build on nginx: a finished video's scene 2 regenerated through the app,
// then the versions listed newest first, the earlier cut checked with the service before it is
// offered. Where the service keeps it (default), Compare plays both from scene 2 under one play/pause
// and one position and the earlier cut downloads; where it does not (alt), the app says so and offers
// no player. Every width, theme and access mode axe-clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { changedAnswer, openPage, profile, screenInEveryVariant, until, useRun } from '../lib/harness.js';

let sim, web, browser;

useRun(['--speed', '2000'], { poll_interval_seconds: 0.5 }, (run) => ({ sim, web, browser } = run));

const times = (page) => page.evaluate(() => ['Before', 'After'].map((label) => {
  const v = document.querySelector(`video[aria-label="${label}"]`);
  return { t: v.currentTime, paused: v.paused, muted: v.muted };
}));

test('after a regeneration the versions are listed, checked, compared in step and downloadable', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A kite maker tests a kite on the cliffs', num_scenes: 2 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await sim.completed(id);
  const first = (await sim.call('GET', `/scene-projects/${id}`)).final_video_url;

  const page = await openPage(browser);
  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Regenerate scene 2…' }).click();
  await page.getByRole('dialog', { name: 'Regenerate scene 2' }).getByRole('button', { name: 'Regenerate (about 100 credits)' }).click();
  await page.getByText('The video with the regenerated scene 2 is ready.').waitFor();

  const list = page.getByRole('region', { name: 'Versions' }).getByRole('listitem');
  await list.nth(1).filter({ hasNotText: 'Checking' }).waitFor();
  assert.match(await list.nth(0).textContent(), /^Scene 2 regenerated · .* · playing above/);
  assert.match(await list.nth(1).textContent(), /^First generation · /);
  const compare = page.getByRole('button', { name: 'Compare before and after scene 2' });

  if (profile === 'alt') {
    assert.match(await list.nth(1).textContent(), /No longer kept by the service$/);
    assert.equal(await compare.count(), 0, 'no broken player for a cut that is gone');
    assert.deepEqual(await screenInEveryVariant(page, 'versions-gone'), []);
    return;
  }
  assert.equal(await list.nth(1).getByRole('link', { name: 'Download First generation' }).getAttribute('href'), first);
  await compare.click();
  await page.waitForFunction(() => ['Before', 'After'].every((l) => document.querySelector(`video[aria-label="${l}"]`)?.currentTime === 10));
  const [old, now] = await times(page);
  assert.ok(old.muted && !now.muted, 'one sound at a time: the new cut\'s');

  await page.getByRole('button', { name: 'Play both' }).click();
  await page.getByRole('button', { name: 'Pause both' }).waitFor();
  await page.waitForFunction(() => document.querySelector('video[aria-label="After"]').currentTime > 10.5);
  await page.getByRole('button', { name: 'Pause both' }).click();
  await page.getByRole('button', { name: 'Play both' }).waitFor();
  const [o, n] = await times(page);
  assert.ok(o.paused && n.paused, 'one pause stops both');
  assert.ok(Math.abs(o.t - n.t) < 0.5, `in step: ${o.t} and ${n.t}`);

  const position = page.getByRole('slider', { name: 'Position of both' });
  await position.fill('4');
  const [o2, n2] = await times(page);
  assert.deepEqual([o2.t, n2.t], [4, 4], 'one seek moves both');
  assert.equal(await position.getAttribute('aria-valuetext'), '0:04');

  // On another origin a browser ignores `download` and opens the file: the app reads and saves it.
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the version before' }).click(),
  ]);
  assert.match(saved.suggestedFilename(), / \(before scene 2\)\.(mp4|webm)$/);
  const bytes = async (url) => Buffer.from(await (await fetch(url)).arrayBuffer());
  assert.ok(readFileSync(await saved.path()).equals(await bytes(first)), 'the cut before, as the storage keeps it');
  await page.getByRole('status').filter({ hasText: `Saved as ${saved.suggestedFilename()}.` }).waitFor();

  assert.deepEqual(await screenInEveryVariant(page, 'versions-compare'), []);
  await page.getByRole('button', { name: 'Keep watching the new version' }).click();
  await compare.waitFor();
  await page.context().close();
});

test('a storage that signs its links afresh at every read keeps one version of each file', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A lighthouse keeper paints the storm', num_scenes: 2 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await sim.completed(id);

  const page = await openPage(browser);
  // Every answer's media addresses signed anew, as presigned addresses are (the storage ignores the
  // parameters; under alt its own signature stays beside them).
  let read = 0;
  const sign = (url) => (url ? `${url}${url.includes('?') ? '&' : '?'}X-Amz-Date=2026112${read}T000000Z&X-Amz-Signature=s${read}` : url);
  await page.route((url) => url.href.startsWith(sim.api) && /\/scene-projects\/\d+$/.test(url.pathname), changedAnswer((p) => {
    read += 1;
    p.final_video_url = sign(p.final_video_url);
    p.final_video_url_upscaled = sign(p.final_video_url_upscaled);
    for (const scene of p.scenes ?? []) {
      scene.image_url = sign(scene.image_url);
      scene.video_url = sign(scene.video_url);
    }
  }));
  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  for (const _ of [1, 2]) {
    const before = read;
    await page.reload();
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
    await until('the reloaded page to read the project', () => read !== before);
    await page.waitForTimeout(300);
  }
  assert.ok(read >= 3, `the project read with new signatures ${read} times`);
  const text = await page.locator('main').innerText();
  assert.doesNotMatch(text, /Made again by the service|Scene \d regenerated/, 'no cut or scene seen as new');
  assert.ok(await page.getByRole('region', { name: 'Versions' }).getByRole('listitem').count() <= 1, 'one version');
  assert.equal(await page.getByRole('button', { name: /^Compare before and after/ }).count(), 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
