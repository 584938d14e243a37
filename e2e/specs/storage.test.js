// Browser storage the app cannot count on: refused outright (cookies blocked), a private window's
// zero quota, a full quota; and two tabs editing one project, which share the device's storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, openTabs, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '500'], {}, (run) => ({ sim, web, browser } = run));

const NOTICE = 'This browser does not let storyreel keep anything on this device';
// A storage that keeps some things but has no room for more says so instead.
const FULL = "This browser's storage for storyreel is full";

// Each runs in the page before the app, as the browser itself would behave.
const STORAGE = {
  // Chromium with cookies blocked: reading window.localStorage itself throws.
  blocked: () => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get: () => { throw new DOMException(`Access to '${name}' is denied for this document.`, 'SecurityError'); },
      });
    }
  },
  // A private window with no quota: every write is refused.
  'quota 0': () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
  // A nearly full quota: small values still fit (the token, a short draft), a longer draft does not.
  'quota exceeded': () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (String(value).length > 150) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  },
};

for (const [name, script] of Object.entries(STORAGE)) {
  const notice = name === 'quota exceeded' ? FULL : NOTICE;
  test(`storage ${name}: sign in, write a story, edit a scene; told once what is not kept, nothing on screen lost${name === 'quota exceeded' ? ', the draft before kept' : ''}`, async () => {
    const page = await openPage(browser);
    await page.addInitScript(script);
    await page.goto(web.url + '/new');
    await page.getByLabel('Access token').fill('demo-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'New story' }).waitFor();

    // A nearly full storage first keeps a short draft; the longer one below no longer fits. A refused write
    // never takes away what was kept: the draft before stays (checked once the person is told, below).
    if (name === 'quota exceeded') {
      await page.getByLabel('Story idea').fill('A kite');
      await page.waitForFunction(() => sessionStorage.getItem('storyreel.draft.story')?.includes('A kite'));
    }
    const idea = 'A lighthouse keeper teaches a lost whale to sing, far from any harbour';
    await page.getByLabel('Story idea').fill(idea);
    await page.getByLabel('Person id').fill('1');
    await page.getByLabel('Number of scenes').fill('2');
    await page.getByText(notice).waitFor();
    assert.equal(await page.getByLabel('Story idea').inputValue(), idea, 'what was typed stays on screen');
    if (name === 'quota exceeded') {
      // The page said that the latest text lasts only until a reload; the draft that fitted is still kept.
      const kept = await page.evaluate(() => sessionStorage.getItem('storyreel.draft.story'));
      assert.match(kept, /A kite"/, 'the draft that fitted stays');
    }
    await checkScreen(page, `storage-${name.replace(' ', '-')}-new-story`);

    await page.getByRole('button', { name: 'Propose scenes' }).click();
    const scene1 = page.getByRole('group', { name: /^Scene 1/ });
    await scene1.waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await scene1.getByLabel('Description').fill('The whale surfaces beside the rocks at dawn');
    await scene1.getByText('Unsaved changes').waitFor();
    await scene1.getByRole('button', { name: 'Save scene 1' }).click();
    await scene1.getByText('Saved.').waitFor();
    const saved = await sim.call('GET', `/scene-projects/${id}`);
    assert.equal(saved.scenes.find((s) => s.scene_number === 1).description, 'The whale surfaces beside the rocks at dawn');

    assert.equal(await page.getByText(notice).count(), 1, 'said once');
    assert.equal(await page.getByRole('heading', { name: 'Sign in' }).count(), 0, 'still signed in');
    await checkScreen(page, `storage-${name.replace(' ', '-')}-review`);
    await page.context().close();
  });
}

async function openReview(page, id) {
  await page.goto(`${web.url}/projects/${id}`);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const scene1 = page.getByRole('group', { name: /^Scene 1/ });
  await scene1.waitFor();
  return scene1;
}

const description = async (id) => (await sim.call('GET', `/scene-projects/${id}`)).scenes.find((s) => s.scene_number === 1).description;
const puts = async (id) => (await sim.requests('PUT', new RegExp(`/scene-projects/${id}/scenes/`))).length;

test("two tabs: A saving a draft begun before B saved the same scene is told, and saving again keeps A's edits", async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'Two friends build a raft on a river', num_scenes: 2 });
  const [a, b] = await openTabs(browser, 2);
  const sceneA = await openReview(a, id);
  const sceneB = await openReview(b, id);

  await sceneA.getByLabel('Description').fill('Tab A: the raft leaves at dawn');
  await sceneA.getByText('Unsaved changes').waitFor();
  await sceneB.getByLabel('Description').fill('Tab B: the raft leaves at dusk');
  await sceneB.getByLabel('Narration').fill('Tab B: the river was high that spring.');
  await sceneB.getByRole('button', { name: 'Save scene 1' }).click();
  await sceneB.getByText('Saved.').waitFor();
  assert.equal(await puts(id), 1);

  await sceneA.getByRole('button', { name: 'Save scene 1' }).click();
  await sceneA.getByText(/Scene 1 was changed and saved elsewhere/).waitFor();
  assert.equal(await puts(id), 1, "A's stale text was not sent");
  assert.equal(await description(id), 'Tab B: the raft leaves at dusk');
  assert.equal(await sceneA.getByLabel('Description').inputValue(), 'Tab A: the raft leaves at dawn', "A's text is kept");
  await checkScreen(a, 'two-tabs-conflict');

  // Saving again, now knowing, keeps A's edits over B's.
  await sceneA.getByRole('button', { name: 'Save scene 1' }).click();
  await sceneA.getByText('Saved.').waitFor();
  assert.equal(await sceneA.getByText(/changed and saved elsewhere/).count(), 0);
  const saved = (await sim.call('GET', `/scene-projects/${id}`)).scenes.find((s) => s.scene_number === 1);
  assert.equal(saved.description, 'Tab A: the raft leaves at dawn', "A's edit, kept knowingly");
  assert.equal(saved.narration_text, 'Tab B: the river was high that spring.', 'what only B changed stays');
  assert.equal(await sceneA.getByLabel('Narration').inputValue(), 'Tab B: the river was high that spring.');
  await a.context().close();
});

test('two tabs: A reloading its draft after B saved the scene is told, and discarding takes the saved text', async () => {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A fox learns to play the violin', num_scenes: 2 });
  const [a, b] = await openTabs(browser, 2);
  const sceneA = await openReview(a, id);
  const sceneB = await openReview(b, id);

  await sceneA.getByLabel('Description').fill('Tab A: the fox finds a violin in the snow');
  await sceneA.getByText('Unsaved changes').waitFor();
  await sceneB.getByLabel('Narration').fill('Tab B: one winter, a fox heard music.');
  await sceneB.getByLabel('Description').fill('Tab B: the fox hears a busker');
  await sceneB.getByRole('button', { name: 'Save scene 1' }).click();
  await sceneB.getByText('Saved.').waitFor();

  await a.reload();
  await sceneA.getByText(/Scene 1 was changed and saved elsewhere/).waitFor();
  assert.equal(await sceneA.getByLabel('Description').inputValue(), 'Tab A: the fox finds a violin in the snow', "A's draft came back");
  // Still undecided after another reload: the draft keeps the text it was begun from.
  await a.reload();
  await sceneA.getByText(/Scene 1 was changed and saved elsewhere/).waitFor();

  await sceneA.getByRole('button', { name: 'Discard scene 1 changes' }).click();
  assert.equal(await sceneA.getByLabel('Description').inputValue(), 'Tab B: the fox hears a busker');
  assert.equal(await sceneA.getByLabel('Narration').inputValue(), 'Tab B: one winter, a fox heard music.');
  assert.equal(await sceneA.getByText('Unsaved changes').count(), 0);
  assert.equal(await puts(id), 1, 'only B saved');
  await a.reload();
  await sceneA.waitFor();
  assert.equal(await sceneA.getByText(/changed and saved elsewhere/).count(), 0, 'the choice is remembered');
  assert.equal(await sceneA.getByLabel('Description').inputValue(), 'Tab B: the fox hears a busker');
  assert.deepEqual([...a.problems, ...b.problems], []);
  await a.context().close();
});
