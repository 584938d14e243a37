// Hostile and odd input (issue 15), as a person meets it with the release build: markup and script
// typed into the forms or sent back by the service are shown as text and never run; addresses other
// than http(s) never become a link or a source; very long, right-to-left, emoji and combining-mark
// texts keep a 360 px wide screen from scrolling sideways and are counted as the service counts;
// project ids that cannot exist show the not-found page.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { changedAnswer, checkScreen, openPage, profile, testOnce, useRun } from '../lib/harness.js';

// Each payload, were it ever parsed as markup or run, sets window.__pwned, opens a dialog or leaves
// an element behind.
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '</textarea><script>window.__pwned=1;alert(2)</script>',
  '<a href="javascript:window.__pwned=1;alert(3)">open</a>',
  'javascript:alert(4)',
  '{{ 7*7 }} ${7*7} <%= 7*7 %>',
  '<svg onload="window.__pwned=1"><iframe srcdoc="<script>parent.__pwned=1</script>">',
];
// Under 300 characters: an error message is shown whole up to there.
const HOSTILE = PAYLOADS.join(' ');

// Text the layout must hold at 360 px: a long run without a break opportunity, right-to-left and
// mixed scripts, emoji with modifiers and joiners, flags, combining marks stacked high. RTL fits one
// line of a heading: the direction checks compare where its first and last characters land.
const RTL = 'שלום hello עולם!';
const MIXED = 'مرحبا بالعالم, hello world! שלום עולם 123.';
const UNBROKEN = `https://media.example/${'a1b2c3d4'.repeat(40)}`;
const EMOJI = '👩🏽‍💻 👍🏿 🇫🇷🇯🇵 🏳️‍🌈 e\u0301 n\u0303';
const ZALGO = 'Z\u0351\u0352\u0357\u035b\u0360a\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308l\u0327\u0328g\u0316\u0317o\u0319\u031a';
/** `n` code points of all of the above (cut on a code point, never inside a surrogate pair). */
const odd = (n) => [...`${MIXED} ${UNBROKEN} ${EMOJI} ${ZALGO} `.repeat(Math.ceil(n / 300))].slice(0, n).join('');

let sim, web, browser;
const ids = {};

useRun(['--speed', '2000'], { poll_interval_seconds: 1, request_timeout_seconds: 3 }, async (run) => {
  ({ sim, web, browser } = run);
  const create = async (idea) => (await sim.call('POST', '/stories/create', { person_id: 1, story_idea: idea, num_scenes: 2 })).id;
  const approve = (id) => sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  ids.proposed = await create('A lighthouse keeper befriends a lonely whale');
  ids.completed = await create('A paper boat sails all the way to the sea');
  await approve(ids.completed);
  // Speed 1: generating for minutes, longer than this file runs.
  ids.generating = await create('A fox learns to fly a kite on the cliffs');
  await sim.control('PUT', `/_sim/projects/${ids.generating}/speed`, { speed: 1 });
  await approve(ids.generating);
  ids.failed = await create('A snowman travels south for the summer');
  await sim.control('PUT', `/_sim/projects/${ids.failed}/speed`, { speed: 1 });
  await approve(ids.failed);
  await sim.control('POST', `/_sim/projects/${ids.failed}/fail`);
  for (let i = 0; (await sim.call('GET', `/scene-projects/${ids.completed}/status`)).status !== 'completed'; i++) {
    assert.ok(i < 100, 'the completed project finishes');
    await new Promise((r) => setTimeout(r, 50));
  }
});
// A page left open would keep checking its project and muddle the request log of the next test.
afterEach(async () => {
  await Promise.all(browser.contexts().map((c) => c.close()));
});

/** A signed-in page at `to`, recording every dialog the page opens (none is expected). */
async function signedIn(to, viewport) {
  const page = await openPage(browser);
  if (viewport) await page.setViewportSize(viewport);
  page.dialogs = [];
  page.on('dialog', (d) => {
    if (d.type() !== 'beforeunload') page.dialogs.push(`${d.type()}: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  await page.goto(web.url + to);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** Nothing of the payloads ran or became an element, a handler or a script address. */
async function assertInert(page, where) {
  const found = await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    elements: [...document.querySelectorAll('img[src="x"], script:not([src]), svg, iframe, object, embed')]
      .map((el) => el.outerHTML.slice(0, 80)),
    handlers: [...document.querySelectorAll('*')]
      .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML.slice(0, 80)),
    addresses: [...document.querySelectorAll('[href], [src], [action], [formaction], [srcdoc]')]
      .flatMap((el) => ['href', 'src', 'action', 'formaction', 'srcdoc'].map((a) => el.getAttribute(a))
        // The player's captions and chapters: a WebVTT file the app wrote, where markup must stay escaped text.
        .filter((url) => !(el.matches('video > track') && /^data:text\/vtt,/.test(url ?? '')
          && !decodeURIComponent(url.slice(14)).includes('<'))))
      .filter((url) => url !== null && !/^(https?:\/\/|\/(?!\/)|#|$)/i.test(url.trim())),
  }));
  assert.deepEqual(found, { pwned: null, elements: [], handlers: [], addresses: [] }, `payload came alive on ${where}`);
  assert.deepEqual(page.dialogs, [], `dialogs opened on ${where}`);
  assert.deepEqual(page.problems, [], `errors in the page on ${where}`);
}

/** The page does not scroll sideways; names the widest elements when it does. */
async function assertFits(page, where, width = 360) {
  const { scroll, wide } = await page.evaluate((w) => ({
    scroll: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 0.5)
      .slice(0, 6).map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`),
  }), width);
  assert.ok(scroll <= width, `${where} is ${scroll} px wide at a ${width} px viewport: ${wide.join(', ')}`);
}

/** Whether the text `needle` (starting with a right-to-left letter and ending with "!") is laid out
 * right to left: its last character left of its first. In a left-to-right paragraph the final "!"
 * lands at the far right, where a reader of Hebrew starts. */
const readsRightToLeft = (locator, needle) => locator.evaluate((root, text) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(text);
    if (at < 0) continue;
    const box = (from) => {
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, from + 1);
      return range.getBoundingClientRect();
    };
    return box(at + text.length - 1).right <= box(at).left;
  }
  throw new Error(`"${text}" not found in ${root.outerHTML.slice(0, 100)}`);
}, needle);

/** Rewrites the JSON answers for `pattern` with `change(body)`. */
const rewrite = (page, pattern, change) => page.route(pattern, changedAnswer(change));
const projectAddress = (id) => new RegExp(`/api/v1/scene-projects/${id}$`);
const statusAddress = (id) => new RegExp(`/api/v1/scene-projects/${id}/status$`);
const listAddress = /\/api\/v1\/scene-projects(\?.*)?$/;
/** The list's projects in either profile's shape (a bare array, or `{items, total}`). */
const itemsOf = (body) => (Array.isArray(body) ? body : body.items);
/** An error body as this profile's service writes it. */
const errorBody = (message) => (profile === 'alt' ? { error: { code: 'invalid_request', message } } : { detail: message });

// Once: the person's own text, written as text wherever it shows; the answers it comes back in are read in
// both profiles by create-review.test.js.
testOnce('markup and script typed into the story form and the scene fields stay text everywhere they are shown', async () => {
  const page = await signedIn('/new');
  await page.getByLabel('Story idea').fill(HOSTILE);
  await page.getByLabel('Person id').fill('1');
  await page.getByLabel('Number of scenes').fill('2');
  await page.getByRole('button', { name: 'Propose scenes' }).click();
  const scene1 = page.getByRole('group', { name: /^Scene 1/ });
  await scene1.waitFor();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  assert.equal((await sim.call('GET', `/scene-projects/${id}`)).ideas, HOSTILE, 'the service got the idea as typed');
  assert.ok((await page.locator('.idea').textContent()).endsWith(HOSTILE), 'the idea is shown as typed');
  await assertInert(page, 'the review page');

  const labels = ['Description', 'Image prompt', 'Motion prompt', 'Narration'];
  const typed = labels.map((label, i) => `${label}: ${PAYLOADS[i]} ${PAYLOADS[i + 2]}`);
  for (const [i, label] of labels.entries()) await scene1.getByLabel(label).fill(typed[i]);
  await scene1.getByRole('button', { name: 'Save scene 1' }).click();
  await scene1.getByText('Saved.').waitFor();
  const stored = (await sim.call('GET', `/scene-projects/${id}`)).scenes.find((s) => s.scene_number === 1);
  assert.deepEqual([stored.description, stored.image_prompt, stored.motion_prompt, stored.narration_text], typed, 'saved as typed');
  await page.reload();
  await scene1.waitFor();
  for (const [i, label] of labels.entries()) assert.equal(await scene1.getByLabel(label).inputValue(), typed[i]);
  await assertInert(page, 'the review page, reloaded');

  // Approved: the same texts come back from the service read-only, in the list and on the video page.
  await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  await page.goto(`${web.url}/projects/${id}`);
  await scene1.locator('dd').first().waitFor();
  assert.deepEqual(await scene1.locator('dd').allTextContents(), typed);
  await assertInert(page, 'the read-only review page');

  const { description } = await sim.call('GET', `/scene-projects/${id}`);
  await page.goto(`${web.url}/`);
  const row = page.locator('.project-row').filter({ hasText: 'A 2-scene story: <img src=x' });
  await row.waitFor();
  assert.ok(description.startsWith((await row.getByRole('link').textContent()).replace(/…$/, '')), 'the list names it by its description');
  await assertInert(page, 'the projects list');

  await page.goto(`${web.url}/projects/${id}/video`);
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), description);
  assert.ok((await page.title()).includes(description), 'the tab names it too');
  await assertInert(page, 'the video page');

  // Failed: starting again refills the form with the idea exactly as it was typed.
  await sim.control('POST', `/_sim/projects/${id}/fail`);
  await page.getByRole('heading', { name: 'Generation failed' }).waitFor();
  await page.getByRole('button', { name: 'Start a new story from this one' }).click();
  await page.waitForURL('**/new');
  assert.equal(await page.getByLabel('Story idea').inputValue(), HOSTILE);
  await assertInert(page, 'the story form, refilled');
});

test('markup and script sent by the service stay text: list, review, video page, status and error answers', async () => {
  const page = await signedIn('/new');
  await page.getByLabel('Story idea').waitFor();
  const texts = (p) => {
    Object.assign(p, { description: HOSTILE, ideas: HOSTILE, title: HOSTILE });
    for (const s of p.scenes ?? []) {
      Object.assign(s, { description: HOSTILE, image_prompt: HOSTILE, motion_prompt: HOSTILE, narration_text: HOSTILE });
    }
  };
  await rewrite(page, listAddress, (body) => itemsOf(body).forEach(texts));
  for (const id of Object.values(ids)) await rewrite(page, projectAddress(id), texts);
  await rewrite(page, statusAddress(ids.failed), (body) => { body.error = HOSTILE; });

  await page.goto(`${web.url}/`);
  await page.locator('.project-row').first().waitFor();
  const titles = await page.locator('.project-row .project-main a').allTextContents();
  assert.ok(titles.length >= 4 && titles.every((t) => HOSTILE.startsWith(t.replace(/…$/, ''))), titles.join('\n'));
  await assertInert(page, 'the projects list');

  await page.goto(`${web.url}/projects/${ids.proposed}`);
  await page.getByRole('group', { name: /^Scene 2/ }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), HOSTILE);
  assert.ok((await page.locator('.idea').textContent()).endsWith(HOSTILE));
  const values = await page.locator('.scene-card textarea').evaluateAll((all) => all.map((t) => t.value));
  assert.deepEqual(values, Array(8).fill(HOSTILE));
  await assertInert(page, 'the review page');

  await page.goto(`${web.url}/projects/${ids.generating}`);
  await page.locator('.scene-card dd').first().waitFor();
  assert.deepEqual(await page.locator('.scene-card dd').allTextContents(), Array(8).fill(HOSTILE));
  await assertInert(page, 'the read-only review page');

  await page.goto(`${web.url}/projects/${ids.failed}/video`);
  await page.getByRole('heading', { name: 'Generation failed' }).waitFor();
  await page.getByRole('alert').filter({ hasText: HOSTILE }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), HOSTILE);
  await assertInert(page, 'the failed video page');

  await page.goto(`${web.url}/projects/${ids.completed}/video`);
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  await page.getByRole('button', { name: 'Regenerate scene 1…' }).click();
  assert.equal(await page.getByRole('dialog').getByLabel('Image prompt').inputValue(), HOSTILE);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await assertInert(page, 'the finished video page');

  // Error answers: their message is shown as text, next to the form or on the page.
  await page.unroute(projectAddress(ids.proposed));
  await page.route(projectAddress(ids.proposed), (route) => route.fulfill({ status: 500, json: errorBody(HOSTILE) }));
  await page.goto(`${web.url}/projects/${ids.proposed}`);
  await page.getByRole('alert').filter({ hasText: HOSTILE }).waitFor();
  await assertInert(page, 'the review page after an error');

  await page.route(/\/api\/v1\/stories\/create$/, (route) => route.fulfill({ status: 400, json: errorBody(HOSTILE) }));
  await page.goto(`${web.url}/new`);
  await page.getByLabel('Story idea').fill('A fox learns to fly a kite');
  await page.getByLabel('Person id').fill('1');
  await page.getByRole('button', { name: 'Propose scenes' }).click();
  await page.getByRole('alert').filter({ hasText: HOSTILE }).waitFor();
  assert.equal(await page.getByLabel('Story idea').inputValue(), 'A fox learns to fly a kite', 'what was typed is kept');
  await assertInert(page, 'the story form after an error');
});

test('addresses other than http(s) from the service never become a thumbnail or a scene image', async () => {
  const page = await signedIn('/new');
  await page.getByLabel('Story idea').waitFor();
  const bad = ['javascript:window.__pwned=1', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload="alert(1)"/>',
    'vbscript:msgbox(1)', '//evil.example/x.png', 'http:/\\evil.example/x.png'];
  // One scene keeps its real, http(s) address: it shows that images do appear when the address is fine.
  const good = (await sim.call('GET', `/scene-projects/${ids.completed}`)).scenes[0].image_url;
  await rewrite(page, listAddress, (body) => itemsOf(body).forEach((p, i) => {
    if (p.id === ids.completed) return;
    p.scenes = p.scenes.map((s) => ({ ...s, image_url: bad[i % bad.length], image_status: 'completed' }));
  }));
  await page.goto(`${web.url}/`);
  await page.locator('.project-row img.thumb').first().waitFor();
  assert.equal(await page.locator('.project-row img.thumb').count(), 1, 'only the real address is a thumbnail');
  await assertInert(page, 'the projects list');

  await rewrite(page, statusAddress(ids.generating), (body) => {
    body.scenes = (body.scenes ?? []).map((s, i) => ({
      ...s, image_status: 'completed', video_status: 'completed',
      image_url: i === 0 ? good : bad[i % bad.length], video_url: bad[(i + 2) % bad.length],
    }));
  });
  await page.goto(`${web.url}/projects/${ids.generating}/video`);
  await page.getByRole('img', { name: 'Scene 1 image' }).waitFor();
  assert.equal(await page.locator('.scene-progress-row img, .scene-progress-row video').count(), 1);
  await assertInert(page, 'the video page while generating');
});

// Once: how the texts lay out at 360 px; the answers that carry them are read in both by the tests above.
testOnce('long, right-to-left, emoji and combining-mark texts from the service hold a 360 px screen', async () => {
  const page = await signedIn('/new', { width: 360, height: 800 });
  await page.getByLabel('Story idea').waitFor();
  // Ten scenes of 5,000-character texts; each narration is the short right-to-left sentence.
  const tenScenes = (p) => {
    Object.assign(p, { description: RTL, ideas: `${RTL} ${UNBROKEN} ${odd(1000)}` });
    p.scenes = Array.from({ length: 10 }, (_, i) => ({
      ...p.scenes[0], id: 900_000 + i, scene_number: i + 1, narration_text: RTL,
      description: odd(5000), image_prompt: odd(5000), motion_prompt: `${UNBROKEN}${odd(5000)}`.slice(0, 5000),
    }));
  };
  await rewrite(page, listAddress, (body) => itemsOf(body).forEach((p) => Object.assign(p, { description: `${RTL} ${UNBROKEN}` })));
  await rewrite(page, projectAddress(ids.proposed), tenScenes);
  await rewrite(page, projectAddress(ids.generating), tenScenes);
  await rewrite(page, statusAddress(ids.failed), (body) => { body.error = `${RTL} ${UNBROKEN} ${odd(300)}`; });

  await page.goto(`${web.url}/`);
  const link = page.locator('.project-row .project-main a').first();
  await link.waitFor();
  await assertFits(page, 'the projects list');
  assert.ok(await readsRightToLeft(link, RTL), 'a right-to-left title reads right to left');
  // A filter from a link is odd input too: shown in the status choice (or refused by the service), as text.
  await page.goto(`${web.url}/?status_filter=${encodeURIComponent(`${PAYLOADS[0]}${UNBROKEN}`)}`);
  await page.getByText('No project matches these filters.').or(page.getByRole('alert')).waitFor();
  await assertFits(page, 'the projects list filtered by an odd status');
  await assertInert(page, 'the projects list filtered by an odd status');

  await page.goto(`${web.url}/projects/${ids.proposed}`);
  await page.getByRole('group', { name: /^Scene 10/ }).waitFor();
  await assertFits(page, 'the review page with ten long scenes');
  assert.ok(await readsRightToLeft(page.getByRole('heading', { level: 1 }), RTL), 'the heading reads right to left');
  assert.ok(await readsRightToLeft(page.locator('.idea bdi'), RTL), 'the story idea reads right to left');
  const narration = page.getByRole('group', { name: 'Scene 1', exact: true }).getByLabel('Narration');
  assert.ok(await narration.evaluate((t) => t.matches(':dir(rtl)')), 'a right-to-left text is edited right to left');
  await assertInert(page, 'the review page with ten long scenes');

  await page.goto(`${web.url}/projects/${ids.generating}`);
  await page.getByRole('group', { name: /^Scene 10/ }).waitFor();
  await assertFits(page, 'the read-only review page');
  assert.ok(await readsRightToLeft(page.locator('.scene-card dd').nth(3), RTL), 'a read-only narration reads right to left');
  await checkScreen(page, 'hostile-review-360');

  await page.goto(`${web.url}/projects/${ids.generating}/video`);
  await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
  // The bar follows the status; the heading's title follows the project, read apart ("Project N" until then).
  await page.getByRole('heading', { level: 1 }).filter({ hasText: RTL }).waitFor();
  await assertFits(page, 'the video page while generating');
  assert.ok(await readsRightToLeft(page.getByRole('heading', { level: 1 }), RTL), 'the video page heading reads right to left');

  await page.goto(`${web.url}/projects/${ids.failed}/video`);
  await page.getByRole('heading', { name: 'Generation failed' }).waitFor();
  await assertFits(page, 'the failed video page');
  assert.ok(await readsRightToLeft(page.getByRole('alert').filter({ hasText: RTL }), RTL), 'the service\'s error reads right to left');
  await checkScreen(page, 'hostile-failed-360');
});

// Once: the form counts what the person types; the service counts the same in either profile.
testOnce('the story idea is counted as the service counts it, in Unicode code points, and nothing typed is cut', async () => {
  const page = await signedIn('/new', { width: 360, height: 800 });
  const idea = page.getByLabel('Story idea');
  const counter = page.locator('#story-idea-count');
  const propose = page.getByRole('button', { name: 'Propose scenes' });
  await page.getByLabel('Person id').fill('1');
  await page.getByLabel('Number of scenes').fill('2');

  // Four code points each (woman, skin tone, joiner, laptop), as the form says: 250 of them are 1000, the limit.
  await page.getByText('An emoji built from several symbols, like 👩🏽‍💻, counts as several characters').waitFor();
  await idea.fill('👩🏽‍💻');
  assert.equal(await counter.textContent(), '4 / 1000');
  const over = `${'👩🏽‍💻'.repeat(250)}🌊`;
  await idea.fill(over);
  await idea.press('Tab');
  await page.getByText('Keep it to 1000 characters: remove 1 (now 1001).').waitFor();
  assert.equal(await counter.textContent(), '1001 / 1000');
  assert.equal(await idea.inputValue(), over, 'nothing typed is cut');
  // Tried, it sends nothing and says why above the form.
  const creates = (await sim.requests('POST', /\/stories\/create$/)).length;
  await propose.click();
  await page.locator('.error-summary').getByRole('link', { name: 'Keep it to 1000 characters: remove 1 (now 1001).' }).waitFor();
  assert.equal((await sim.requests('POST', /\/stories\/create$/)).length, creates, 'nothing was sent');
  await assertFits(page, 'the story form with 1001 characters');
  // The service refuses exactly what the form refuses.
  const refused = await fetch(`${sim.api}/stories/create`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer demo-token' },
    body: JSON.stringify({ person_id: 1, story_idea: over, num_scenes: 2 }),
  });
  assert.equal(refused.status, 400);

  await idea.fill('e\u0301'.repeat(4) + 'e');
  await idea.press('Tab');
  // Next to the field (the summary above the form, shown since the send, says it too).
  await page.locator('#story-idea-error').getByText('Write at least 10 characters (now 9).').waitFor();
  await idea.fill('e\u0301'.repeat(5));
  assert.equal(await counter.textContent(), '10 / 1000');
  await idea.fill('🌊'.repeat(1000));
  assert.equal(await counter.textContent(), '1000 / 1000', '1000 emoji are 2000 UTF-16 units, yet 1000 characters');
  await idea.fill(`  ${'👩🏽‍💻'.repeat(250)}\n`);
  assert.equal(await counter.textContent(), '1000 / 1000', 'space around the idea is not sent, so not counted');
  assert.equal(await idea.getAttribute('aria-invalid'), 'false');
  await propose.click();
  await page.getByRole('group', { name: /^Scene 2/ }).waitFor();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  assert.equal((await sim.call('GET', `/scene-projects/${id}`)).ideas, '👩🏽‍💻'.repeat(250), 'the service took it whole');
  await assertFits(page, 'the review page of a 1000-emoji idea');
  assert.deepEqual(page.problems, []);
});

// The address is read by the app alone, and nothing is asked of the service: the same in either profile.
testOnce('project ids that cannot exist in the address show the not-found page, and no project is asked for', async () => {
  const page = await signedIn('/');
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  await sim.control('DELETE', '/_sim/requests');
  const impossible = ['abc', '-3', '0', '123456789012345678901234567890', '9223372036854775808', '1e3', '１２', '4.0',
    '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'];
  for (const id of impossible) {
    for (const path of [`/projects/${id}`, `/projects/${id}/video`]) {
      await page.goto(web.url + path);
      await page.getByRole('heading', { name: 'Project not found' }).waitFor();
      await assertInert(page, path);
    }
  }
  assert.deepEqual(await sim.requests(null, /scene-projects\//), [], 'no project is asked for');
});

// The service's 404 (its body's shape is not shown) makes the same page as an impossible id.
test('the largest id a project can have is asked for, and the service\'s 404 shows the not-found page', async () => {
  const page = await signedIn('/');
  await page.getByRole('heading', { name: 'Your projects' }).waitFor();
  for (const path of ['/projects/9223372036854775807', '/projects/9223372036854775807/video']) {
    await page.goto(web.url + path);
    await page.getByRole('heading', { name: 'Project not found' }).waitFor();
    await assertInert(page, path);
  }
  await page.goto(`${web.url}/projects/${ids.proposed}/edit`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await assertInert(page, 'an unknown page under a project');
});
