// The whole journey by keyboard alone: sign in, create a story, edit and save a scene, approve in
// the dialog, watch it finish, play and seek the video, regenerate a scene and upscale from the
// finished page, and filter the list. Only page.keyboard is used (Tab, Shift+Tab, Enter, Space,
// arrows, Escape, and typing into fields): no click, no fill, no focus(). Controls are reached by
// tabbing until the focus is on the one with the wanted role and name, so the spec keeps working
// when the page's order or look changes, and fails when a control cannot be reached at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '2000'], { poll_interval_seconds: 1, request_timeout_seconds: 5 }, async (run) => {
  ({ sim, web, browser } = run);
  await sim.control('PUT', '/_sim/users/1/credits', { credits: 1_000_000 });
});

const isFocused = (locator) => locator.evaluateAll((els) => els.some((el) => el === document.activeElement || el.contains(document.activeElement)));

/** Presses Tab (or Shift+Tab) until the focus is on `target` (a locator), at most `max` times. */
async function tabTo(page, target, { max = 60, back = false } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${await describeFocus(page)} after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; never reached ${target}`);
}

const describeFocus = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return `focus on <${el?.tagName.toLowerCase()}> "${(el?.getAttribute('aria-label') || el?.textContent || '').trim().slice(0, 40)}"`;
});

async function assertFocused(page, target, why) {
  assert.ok(await isFocused(target), `${why}: ${await describeFocus(page)}`);
}

/** After a navigation inside the app, focus is on the new page's heading (the shell moves it there once
 * the heading is shown), so the next Tab starts at the top of the new page's content. */
async function assertFocusAfterNavigation(page, heading) {
  const h1 = page.getByRole('heading', { name: heading, level: 1 });
  await h1.waitFor();
  const moved = await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 5_000 }).catch(() => null);
  assert.ok(moved && await isFocused(h1), `after going to "${heading}", focus is on its heading: ${await describeFocus(page)}`);
}

test('the whole journey by keyboard alone', async (t) => {
  const page = await openPage(browser);
  const k = page.keyboard;
  try {
    // Sign in.
    await page.goto(web.url + '/');
    await tabTo(page, page.getByLabel('Access token'));
    await k.type('demo-token');
    await k.press('Enter');
    await page.getByRole('heading', { name: 'Your projects', level: 1 }).waitFor();
    await assertFocusAfterNavigation(page, 'Your projects');

    // Create a story.
    await tabTo(page, page.getByRole('link', { name: 'New story' }));
    await k.press('Enter');
    await page.getByRole('heading', { name: 'New story', level: 1 }).waitFor();
    await assertFocusAfterNavigation(page, 'New story');
    await tabTo(page, page.getByLabel('Story idea'));
    await k.type('A kite maker teaches the wind to carry letters home');
    await tabTo(page, page.getByLabel('Person id'));
    await k.type('1');
    await tabTo(page, page.getByLabel('Number of scenes'));
    await k.press('ControlOrMeta+a');
    await k.type('2');
    await tabTo(page, page.getByRole('button', { name: 'Propose scenes' }));
    await k.press('Enter');
    await page.waitForURL(/\/projects\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const scene1 = page.getByRole('group', { name: /^Scene 1/ });
    await scene1.waitFor();

    // Edit a scene and save it.
    await tabTo(page, scene1.getByLabel('Description'));
    await k.press('End');
    await k.type(' at dawn');
    await scene1.getByText('Unsaved changes').waitFor();
    await tabTo(page, scene1.getByRole('button', { name: 'Save scene 1' }));
    await k.press('Space');
    await scene1.getByText('Saved.').waitFor();
    assert.match((await sim.call('GET', `/scene-projects/${id}`)).scenes.find((s) => s.scene_number === 1).description, / at dawn$/);
    // The save button stays focusable (aria-disabled once saved), so the keyboard stays in the scene.
    await assertFocused(page, scene1.getByRole('button', { name: 'Save scene 1' }), 'focus stays on the save button after saving');

    // Approve in the dialog: Escape cancels and gives focus back; Enter on the confirm button approves.
    const approve = page.getByRole('button', { name: 'Approve and generate…' });
    await tabTo(page, approve);
    await k.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approve and generate' });
    await dialog.waitFor();
    await assertFocused(page, dialog, 'focus moves into the dialog');
    // Tab stays inside: the page behind is inert, so Tab cycles through the dialog's controls (passing
    // through the browser's own toolbar, shown as no focused element, as every native modal does).
    let inside = 0;
    for (let i = 0; i < 10; i++) {
      await k.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const top = await page.evaluate(() => document.activeElement === document.body || !document.activeElement);
      if (await isFocused(dialog)) inside++;
      else assert.ok(top, `Tab ${i + 1} left the dialog for the page behind it: ${await describeFocus(page)}`);
    }
    assert.ok(inside >= 6, `focus came back into the dialog as Tab went round (${inside} of 10 presses)`);
    await k.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await assertFocused(page, approve, 'Escape closes the dialog and focus goes back to its button');
    assert.equal((await sim.call('GET', `/scene-projects/${id}`)).status, 'proposed', 'Escape approved nothing');
    await k.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: /^Reserve \d+ credits and generate$/ }));
    await k.press('Enter');
    await page.waitForURL(`**/projects/${id}/video`);

    // Watch it finish (the simulator is fast).
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: 30_000 });

    // Play and seek: Space plays and pauses, the arrows move the time.
    const video = page.locator('video[aria-label="Final video"]');
    await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]')?.readyState >= 1, null, { timeout: 10_000 });
    await tabTo(page, video);
    await k.press('Space');
    await page.waitForFunction(() => !document.querySelector('video[aria-label="Final video"]').paused, null, { timeout: 5_000 });
    await k.press('Space');
    await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]').paused, null, { timeout: 5_000 });
    // Seek with the arrows on the player (its own key handler: Chromium's controls ignore them), and
    // with a scene jump.
    const time = () => video.evaluate((v) => v.currentTime);
    const before = await time();
    await k.press('ArrowRight');
    await page.waitForFunction((t) => document.querySelector('video[aria-label="Final video"]').currentTime >= t + 4, before, { timeout: 5_000 });
    await k.press('ArrowLeft');
    await page.waitForFunction((t) => document.querySelector('video[aria-label="Final video"]').currentTime < t + 4, before, { timeout: 5_000 });
    await assertFocused(page, video, 'focus stays on the video while seeking');
    const jump = page.getByRole('navigation', { name: 'Jump to a scene' }).getByRole('button', { name: /^Scene 2/ });
    await tabTo(page, jump);
    await k.press('Enter');
    await page.waitForFunction(() => document.querySelector('video[aria-label="Final video"]').currentTime >= 10, null, { timeout: 5_000 });
    await assertFocused(page, jump, 'focus stays on the scene jump');

    // Regenerate a scene from the finished page, in its dialog.
    const regenerate = page.getByRole('button', { name: /^Regenerate scene 1/ });
    await tabTo(page, regenerate);
    await k.press('Enter');
    const again = page.getByRole('dialog', { name: 'Regenerate scene 1' });
    await again.waitFor();
    await assertFocused(page, again, 'focus moves into the regenerate dialog');
    await tabTo(page, again.getByRole('button', { name: /^Regenerate \(/ }));
    await k.press('Enter');
    await again.waitFor({ state: 'hidden' });
    // The page follows the regeneration to its end, then offers the changes again.
    await regenerate.waitFor({ timeout: 30_000 });
    assert.equal((await sim.requests('POST', /\/regenerate$/)).length, 1, 'one regeneration was asked for');
    await page.getByRole('button', { name: 'Upscale the video' }).waitFor({ timeout: 20_000 });

    // Upscale, then choose the upscaled version with the arrow keys.
    await tabTo(page, page.getByRole('button', { name: 'Upscale the video' }));
    await k.press('Enter');
    const original = page.getByRole('radio', { name: 'Original' });
    await original.waitFor({ timeout: 20_000 });
    assert.equal((await sim.requests('POST', /\/upscale$/)).length, 1, 'one upscale was asked for');
    await tabTo(page, original);
    await k.press('ArrowRight');
    assert.ok(await page.getByRole('radio', { name: 'Upscaled' }).isChecked(), 'an arrow chooses the upscaled version');
    await assertFocused(page, page.getByRole('radio', { name: 'Upscaled' }), 'focus moves with the choice');

    // Filter the list by status: typing a letter on the select chooses "Completed" and filters at once.
    await tabTo(page, page.getByRole('link', { name: 'Projects', exact: true }), { back: true });
    await k.press('Enter');
    await page.getByRole('heading', { name: 'Your projects', level: 1 }).waitFor();
    const status = page.getByLabel('Status');
    await tabTo(page, status);
    await k.type('c');
    await page.waitForURL(/\/\?status_filter=completed$/);
    await page.getByRole('list', { name: 'Projects, newest first' }).getByRole('link', { name: /kite maker/ }).waitFor();
    await assertFocused(page, status, 'focus stays on the filter as the list changes');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});
