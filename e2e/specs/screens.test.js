// Every screen, as people see it: at 360 (phone), 768 (tablet) and 1280 px (desktop), in the light
// and the dark theme, and in the modes WCAG 2.2 asks for beyond those: 320 px, 200 % zoom (640 px),
// forced text spacing and forced colours (harness.js, ACCESS_MODES). Each is checked with axe (a
// serious or critical violation fails), for text cut off or controls drawn over each other, for
// sideways scrolling, and in forced colours for what would vanish (every message
// names what is wrong); a variant whose check fails is saved as e2e/artifacts/screen-width-theme
// [-mode].png (full page), and every one is with E2E_PICTURES=all, for a person to look at. Screens
// are found by role and name, so a change of look does not break the spec, only a change of meaning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems, forcedColorProblems, layoutProblems, openPage, screenInEveryVariant, useRun } from '../lib/harness.js';

let sim, web, browser;
const ids = {};

useRun(['--speed', '2000'], { poll_interval_seconds: 1, request_timeout_seconds: 5 }, async (run) => {
  ({ sim, web, browser } = run);
  await sim.control('PUT', '/_sim/users/1/credits', { credits: 1_000_000 });
  const create = async (idea, scenes = 3) => (await sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: scenes })).id;
  const approve = (id) => sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  const status = (id) => sim.call('GET', `/scene-projects/${id}/status`);

  // A narration likely longer than its scene: the review, approve and regenerate screens show their advice.
  const longNarration = async (id, number) => {
    const scene = (await sim.call('GET', `/scene-projects/${id}`)).scenes.find((sc) => sc.scene_number === number);
    await sim.call('PUT', `/scene-projects/${id}/scenes/${scene.id}`, { narration_text: 'The whale sings to the ships that pass the lighthouse at night '.repeat(3).trim() });
  };
  ids.proposed = await create('A lighthouse keeper befriends a lonely whale who sings to the passing ships at night');
  await longNarration(ids.proposed, 2);
  ids.completed = await create('A paper boat sails all the way to the sea');
  await longNarration(ids.completed, 1);
  await approve(ids.completed);
  ids.failed = await create('A snowman travels south for the summer');
  await sim.control('PUT', `/_sim/projects/${ids.failed}/speed`, { speed: 1 });
  await approve(ids.failed);
  await sim.control('POST', `/_sim/projects/${ids.failed}/fail`);

  // Generating, held where some scene images and a scene's clip are made, so that the screen has each
  // kind of scene card: waiting, with its image, with its clip. At 200 s of its 410 (as at speed 1): the
  // four images came by 135 s, scene 1's clip at 195 s, scene 2's is under way until 255 s.
  ids.generating = await create('A fox learns to fly a kite on the cliffs', 4);
  await sim.hold(ids.generating);
  await approve(ids.generating);
  await sim.advance(ids.generating, 200);
  const held = await status(ids.generating);
  assert.equal(held.status, 'generating', `held under way: ${JSON.stringify(held)}`);
  assert.ok(held.scenes.filter((sc) => sc.image_url).length >= 2 && held.scenes.some((sc) => sc.video_url),
    `images and a clip made: ${JSON.stringify(held.scenes)}`);

  await sim.completed(ids.completed);
  // Upscaled too: the finished screen offers both versions, Original and Upscaled.
  await sim.call('POST', `/scene-projects/${ids.completed}/upscale`);
  await sim.upscaled(ids.completed);
});

/** A page signed in (or not) at `path`, once `ready` says the screen is there. */
async function visit(path, ready, token = 'demo-token') {
  const page = await openPage(browser);
  if (token) await page.addInitScript((t) => sessionStorage.setItem('storyreel.token', t), token);
  await page.goto(web.url + path);
  await ready(page);
  return page;
}

/** Pictures shown (or failed) before the screenshot, so it shows what a person sees. */
const imagesSettled = (page) => page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 10_000 });

async function screen(name, page) {
  try {
    await imagesSettled(page);
    const problems = await screenInEveryVariant(page, name);
    assert.deepEqual(problems, [], `problems on the ${name} screen`);
  } finally {
    await page.context().close();
  }
}

const heading = (page, name) => page.getByRole('heading', { name }).first().waitFor();

test('sign-in', async () => {
  await screen('sign-in', await visit('/', (p) => p.getByLabel('Access token').waitFor(), null));
});

test('projects: the list with projects in every state', async () => {
  const page = await visit('/', async (p) => {
    await p.getByRole('list', { name: 'Projects, newest first' }).getByRole('listitem').nth(3).waitFor();
    await p.getByRole('progressbar').first().waitFor();
  });
  await screen('projects', page);
});

test('projects, empty: a person with no project yet', async () => {
  await screen('projects-empty', await visit('/', (p) => p.getByText('No projects yet.').waitFor(), 'other-token'));
});

test('new story, with a validation message', async () => {
  const page = await visit('/new', (p) => heading(p, 'New story'));
  await page.getByLabel('Story idea').fill('Too short');
  await page.getByLabel('Story idea').press('Tab');
  await page.getByText('Write at least 10 characters (now 9).').waitFor();
  await screen('new-story', page);
});

test('review: the proposed scenes', async () => {
  await screen('review', await visit(`/projects/${ids.proposed}`, (p) => p.getByRole('group', { name: /^Scene 3/ }).waitFor()));
});

test('approve: the confirmation dialog open', async () => {
  const page = await visit(`/projects/${ids.proposed}`, (p) => p.getByRole('group', { name: /^Scene 3/ }).waitFor());
  await page.getByRole('button', { name: 'Approve and generate…' }).click();
  await page.getByRole('dialog', { name: 'Approve and generate' }).waitFor();
  await screen('approve', page);
});

test('generating: progress with some scene images', async () => {
  const page = await visit(`/projects/${ids.generating}/video`, async (p) => {
    await p.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    await p.getByText(/^Checked /).waitFor();
    await p.locator('li.scene-progress-row video').first().waitFor();
  });
  await screen('generating', page);
});

test('finished: the video, its two versions and its scenes', async () => {
  const page = await visit(`/projects/${ids.completed}/video`, async (p) => {
    await heading(p, 'Your video is ready');
    await p.getByRole('radio', { name: 'Upscaled' }).check();
    await p.waitForFunction(() => document.querySelector('video')?.readyState >= 1, null, { timeout: 10_000 });
  });
  await screen('finished', page);
});

test('regenerate: the dialog open on the finished video', async () => {
  const page = await visit(`/projects/${ids.completed}/video`, (p) => heading(p, 'Your video is ready'));
  await page.getByRole('button', { name: /^Regenerate scene 1/ }).click();
  await page.getByRole('dialog', { name: 'Regenerate scene 1' }).waitFor();
  await screen('regenerate', page);
});

test('failed: the error and what to do next', async () => {
  await screen('failed', await visit(`/projects/${ids.failed}/video`, (p) => heading(p, 'Generation failed')));
});

test('persons', async () => {
  await screen('persons', await visit('/persons', (p) => heading(p, 'Persons')));
});

test('not found', async () => {
  await screen('not-found', await visit('/no/such/screen', (p) => heading(p, 'Page not found')));
});

// The checks themselves, on one page (a page load is the dearest part of a check): each step puts its own
// faults into the sign-in page and takes them out again, so neither finds the other's.
test('the checks themselves find what they are for', async (t) => {
  const page = await visit('/', (p) => p.getByLabel('Access token').waitFor(), null);
  try {
    await t.test('the accessibility check itself finds a control without a name and text without contrast', async () => {
      await page.evaluate(() => {
        const main = document.querySelector('main') ?? document.body;
        main.insertAdjacentHTML('beforeend', '<button id="nameless"></button><p id="faint">faint words</p>');
        // Through the CSSOM: the Content-Security-Policy refuses style attributes in markup.
        Object.assign(document.getElementById('faint').style, { color: '#eee', background: '#fff' });
      });
      const problems = (await axeProblems(page)).join('\n');
      assert.match(problems, /^button-name: .*#nameless/m);
      assert.match(problems, /^color-contrast: .*#faint/m);
      await page.evaluate(() => ['nameless', 'faint'].forEach((id) => document.getElementById(id).remove()));
    });

    await t.test('the mode checks themselves find cut-off text, controls drawn over each other and what forced colours hide', async () => {
      await page.evaluate(() => {
        const main = document.querySelector('main') ?? document.body;
        main.insertAdjacentHTML('beforeend', '<p id="cut">words that do not fit in their box</p>'
          + '<button id="under">Under</button><button id="over">Over</button><button id="flat">Flat</button>');
        // Through the CSSOM: the Content-Security-Policy refuses style attributes in markup.
        Object.assign(document.getElementById('cut').style, { width: '40px', height: '1em', overflow: 'hidden', whiteSpace: 'nowrap' });
        const under = document.getElementById('under').getBoundingClientRect();
        Object.assign(document.getElementById('over').style, { position: 'fixed', left: `${under.left}px`, top: `${under.top}px` });
        Object.assign(document.getElementById('flat').style, { border: 'none', background: '#ddd' });
      });
      const layout = (await layoutProblems(page)).join('\n');
      assert.match(layout, /^text cut off: p#cut "words that do not fit/m);
      assert.match(layout, /^drawn over each other: button#under "Under" and button#over "Over"/m);
      await page.emulateMedia({ forcedColors: 'active' });
      assert.ok((await forcedColorProblems(page)).includes('a control has no edge: button "Flat"'));
    });
  } finally {
    await page.context().close();
  }
});

test('with reduced motion nothing moves: no shimmer, and the progress bar does not glide', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A heron counts the tides', num_scenes: 4 });
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.0001 });
    await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
    const page = await openPage(browser);
    await page.emulateMedia({ reducedMotion });
    await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
    await page.goto(`${web.url}/projects/${id}/video`);
    const bar = page.getByRole('progressbar', { name: 'Overall progress' });
    await bar.waitFor();
    await page.locator('.skeleton').first().waitFor();
    // Progress moves: the next check brings a new figure, which the bar would glide to.
    const before = await bar.evaluate((p) => p.value);
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 300 });
    await bar.evaluate((p, before) => new Promise((resolve) => {
      const seen = () => (p.value !== before ? resolve() : requestAnimationFrame(seen));
      seen();
    }), before);
    const moving = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running')
      .map((a) => a.animationName ?? a.transitionProperty));
    await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 0.0001 });
    if (reducedMotion === 'reduce') {
      assert.deepEqual(moving, [], 'nothing animates when the person asked for less motion');
    } else {
      // (That the placeholders shimmer at first without the preference is video.test.js's.)
      assert.ok(moving.includes('transform'), `without the preference the bar glides: ${moving}`);
    }
    await page.context().close();
  }
});
