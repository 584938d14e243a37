// Saving the finished video, its upscaled version and a scene's clip, all in the service's storage
// on another site (in both profiles; under alt a third origin with signed addresses). A browser saves
// a link marked `download` only from the page's own origin and opens any other in a new tab; the app
// reads the file and saves it under the project's name, and where the storage does not let the page
// read it, says how to save it from the browser instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { changedAnswer, checkScreen, openPage, testOnce, until, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '2000'], { poll_interval_seconds: 0.5, request_timeout_seconds: 5 }, (run) => ({ sim, web, browser } = run));

/** A finished 2-scene project with its upscaled version, as the service shows it. */
async function finishedAndUpscaled() {
  const id = await sim.approvedProject(2, 'A lighthouse keeper befriends a whale');
  const project = () => sim.call('GET', `/scene-projects/${id}`);
  await sim.completed(id);
  await sim.call('POST', `/scene-projects/${id}/upscale`);
  await sim.upscaled(id);
  return project();
}

async function openVideo(id) {
  const page = await openPage(browser);
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  return page;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const served = async (url) => sha256(Buffer.from(await (await fetch(url)).arrayBuffer()));
/** The address the page uses for `url` (the app may mark it with the project's revision). */
const shown = (page, name) => page.getByRole('link', { name, exact: true }).getAttribute('href');
/** The files the page's own code read from the storage (not the player's media loads, the versions
 * list's one-byte checks that a cut is still kept, the service's answers, or the app's own code). */
const reads = (page) => {
  const seen = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' && !r.headers().range && !/\/scene-projects\b/.test(r.url()) && !r.url().startsWith(`${web.url}/`)) seen.push(r.url());
  });
  return seen;
};

test('a click saves the video under the project\'s name, the same bytes, once however often it is clicked; so do the upscaled video and a clip', async () => {
  const project = await finishedAndUpscaled();
  const page = await openVideo(project.id);
  const fetched = reads(page);
  const popups = [];
  page.on('popup', (p) => popups.push(p.url()));
  // The project's title as a file may be called (e2e of domain::script::file_stem's rule).
  const title = (await page.getByRole('heading', { level: 1 }).textContent()).replace(/[/\\:*?"<>|\s]+/g, ' ').trim();

  const link = page.getByRole('link', { name: 'Download the video', exact: true });
  const [video] = await Promise.all([page.waitForEvent('download'), link.dblclick()]);
  assert.match(video.suggestedFilename(), /\.(mp4|webm)$/);
  assert.equal(video.suggestedFilename().replace(/\.(mp4|webm)$/, ''), title, 'named for the project');
  assert.equal(sha256(readFileSync(await video.path())), await served(await shown(page, 'Download the video')), 'the file as the storage has it');
  await page.getByRole('status').filter({ hasText: `Saved as ${video.suggestedFilename()}.` }).waitFor();
  // Once, at the address as the service gave it (a signed link's query untouched: nothing appended).
  assert.deepEqual(fetched, [await shown(page, 'Download the video')], 'a double click reads the file once');
  await checkScreen(page, 'download-saved');

  const [upscaled] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the upscaled video' }).click()]);
  assert.match(upscaled.suggestedFilename(), new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(upscaled\\)\\.(mp4|webm)$`));
  assert.equal(sha256(readFileSync(await upscaled.path())), await served(await shown(page, 'Download the upscaled video')));

  const [clip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scene 2 clip' }).click()]);
  assert.match(clip.suggestedFilename(), / scene 2\.(mp4|webm)$/);
  assert.equal(sha256(readFileSync(await clip.path())), await served(await shown(page, 'Scene 2 clip')));
  // The versions list's links, shown as "Download" and named for their version, save too.
  const [first] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download First generation' }).click()]);
  assert.match(first.suggestedFilename(), / \(First generation\)\.(mp4|webm)$/);
  assert.equal(sha256(readFileSync(await first.path())), await served(project.final_video_url));
  assert.deepEqual(popups, [], 'nothing opened in a new tab');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Once: the refusals are this test's own (the same bytes in either profile) at the address the page was
// given; the finished video and its signed links are read in both by the first test.
testOnce('a storage that does not let the page read its files, a link that expired, and a download stopped half-way are each said next to the link', async () => {
  const project = await finishedAndUpscaled();
  const page = await openVideo(project.id);
  const href = await shown(page, 'Download the video');
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  // The page's own reads of the file only (the player's loads pass): first refused as a storage whose
  // site does not allow it refuses them. A page learns no more of that than of a dropped connection (a
  // failed fetch), which is what it gets here: Playwright would add the CORS headers to any answer it made up.
  let mode = 'refused';
  let held;
  await page.route((url) => url.href === href, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    if (mode === 'expired') return route.fulfill({ status: 403, body: 'expired' });
    if (mode === 'held') {
      held = route;
      return undefined;
    }
    return route.abort('blockedbyresponse');
  });
  const link = page.getByRole('link', { name: 'Download the video', exact: true });

  await link.click();
  const note = page.getByRole('status').filter({ hasText: /^storyreel could not read this file from the service's storage/ });
  await note.waitFor();
  assert.match(await note.textContent(), /Open the file and save it from there: the video's menu, or Ctrl\+S \(⌘S on a Mac\)\.$/);
  const [opened] = await Promise.all([page.waitForEvent('popup'), note.getByRole('link', { name: 'Open the file' }).click()]);
  assert.equal(opened.url(), href, 'the browser\'s own way: the file in a tab of its own');
  await opened.close();
  await checkScreen(page, 'download-refused');

  mode = 'expired';
  await link.click();
  await page.getByRole('status').filter({ hasText: /^The service's storage refused the file \(403\): its link may have expired\. Reload the page for fresh links/ }).waitFor();

  mode = 'held';
  await link.click();
  await page.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();
  const bar = page.getByRole('progressbar', { name: 'Download the video (progress)' });
  await bar.waitFor();
  // No answer yet, so no size: a bar under way, neither full nor empty.
  assert.equal(await bar.evaluate((p) => p.position), -1, 'indeterminate');
  await checkScreen(page, 'download-under-way');
  await page.getByRole('button', { name: 'Stop the download' }).click();
  await page.getByRole('status').filter({ hasText: 'Download stopped.' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Stop the download' }).count(), 0);
  await held?.fulfill({ status: 200, body: 'late' }).catch(() => {});
  await page.waitForTimeout(300);
  assert.equal(downloads.length, 0, 'nothing saved from a refused, expired or stopped read');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Where the file comes from changes nothing here (the first test reads it in both profiles): what is
// checked is the read's life across the app's pages and the tab's.
testOnce('a download goes on while the person moves to another page, the link shown again finds it, the tab asks before it is closed, and a sign-out stops it', async () => {
  const project = await finishedAndUpscaled();
  const page = await openPage(browser);
  // A storage that signs its links afresh with every read of the project (as presigned addresses do):
  // each answer's media addresses carry a new signature.
  let signed = 0;
  await page.route((url) => url.href.startsWith(sim.api) && /\/scene-projects\/\d+$/.test(url.pathname), changedAnswer((p) => {
    signed += 1;
    for (const field of ['final_video_url', 'final_video_url_upscaled']) {
      if (p[field]) p[field] = `${p[field]}${p[field].includes('?') ? '&' : '?'}signature=${signed}`;
    }
  }));
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  await page.goto(`${web.url}/projects/${project.id}/video`);
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  // The upscaled link comes with the project's answer; the video's link may show the status answer's
  // address before it (seen once in a clean clone's run), so it is read after.
  const upscaled = await shown(page, 'Download the upscaled video');
  const href = await shown(page, 'Download the video');
  assert.match(href, /signature=\d+$/);
  const fetched = reads(page);
  const file = (url) => new URL(url).pathname;
  const held = new Map();
  await page.route((url) => [href, upscaled].some((h) => file(h) === url.pathname), async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    held.set(file(route.request().url()), route);
    return undefined;
  });
  /** Whether leaving the tab now would be questioned (the app's beforeunload handler, asked directly). */
  const questioned = () => page.evaluate(() => {
    const leaving = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leaving);
    return leaving.defaultPrevented;
  });
  const title = (await page.getByRole('heading', { level: 1 }).textContent()).replace(/[/\\:*?"<>|\s]+/g, ' ').trim();
  await page.getByRole('link', { name: 'Download the video', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();

  // Reloading would end the read: the browser asks, and staying keeps it going.
  const asked = page.waitForEvent('dialog');
  await page.evaluate(() => setTimeout(() => location.reload()));
  const dialog = await asked;
  assert.equal(dialog.type(), 'beforeunload');
  await dialog.dismiss();
  await page.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();

  // Another page of the app: the read goes on, and the file is saved there.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  const [video] = await Promise.all([page.waitForEvent('download'), held.get(file(href)).continue()]);
  assert.equal(video.suggestedFilename().replace(/\.(mp4|webm)$/, ''), title);
  assert.equal(sha256(readFileSync(await video.path())), await served(href), 'the whole file, read while on the list');

  // Back on the video page, its link (signed anew by the fresh answer) says how the read ended, and
  // nothing was read again.
  await page.goBack();
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  for (let i = 0; i < 100 && (await shown(page, 'Download the video')) === href; i += 1) await page.waitForTimeout(100);
  assert.notEqual(await shown(page, 'Download the video'), href, 'the link is signed afresh');
  await page.getByRole('status').filter({ hasText: `Saved as ${video.suggestedFilename()}.` }).waitFor();
  // One read of the file (its address carries whichever signature the page had when clicked).
  assert.equal(fetched.filter((u) => file(u) === file(href)).length, 1, 'one read');
  assert.equal(await questioned(), false, 'no question once the read is over');

  // A sign-out stops a read under way: nothing of the person is saved once they have gone.
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('link', { name: 'Download the upscaled video' }).click();
  await page.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();
  assert.equal(await questioned(), true, 'a read under way: leaving is questioned');
  await until('the upscaled file\'s read to be held', () => held.has(file(upscaled)));
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Access token').waitFor();
  await held.get(file(upscaled))?.continue().catch(() => {});
  await page.waitForTimeout(500);
  assert.equal(downloads.length, 0, 'nothing saved after the sign-out');
  assert.equal(await questioned(), false, 'nothing under way after the sign-out');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
