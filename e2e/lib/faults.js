// The fault matrix's parts (e2e/FAULTS.md): every action a person takes, and every way its request can
// fail, injected where it really happens: in the browser (Playwright's request routing: refused,
// stalled, or answered with any status and body). For each cell: what the person reads, that
// nothing they typed is lost, that credits are never reserved twice (the simulator's ledger), and
// that the same action works once the fault clears, without a reload. Three spec files use them
// (fault-matrix, fault-matrix-paid, faults), each with a simulator, web server and browser of its own,
// so they run side by side and each runs in the profiles it needs (e2e/profiles.js).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, openPage, pauseClock, profile, until, useRun } from './harness.js';

// The client gives up after this many seconds; a stall lasts 30 s, so the client's timeout ends it.
const TIMEOUT_S = 3;
export const POLL_S = 1;

/** The importing spec file's simulator, web server and browser (live bindings, set by `useFaultRun`). */
export let sim, web, browser;

/** Starts them before the file's tests and stops them after. */
export function useFaultRun() {
  useRun(['--speed', '2000'], { poll_interval_seconds: POLL_S, request_timeout_seconds: TIMEOUT_S }, (run) => {
    ({ sim, web, browser } = run);
    // Every cell makes a project; none of them is about running out of credits.
    return sim.control('PUT', '/_sim/users/1/credits', { credits: 1_000_000 });
  });
}

const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After' };
const json = (status, body, headers = {}) => ({
  status, headers: { ...cors, ...headers, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body),
});
const gatewayPage = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** Each fault: how the routed request is answered, and what the person must read about it. */
const FAULTS = {
  refused: { answer: (route) => route.abort('connectionrefused'), says: /could not reach the service/i },
  // The request reaches the service (so an action is carried out), but its answer never arrives in time.
  stall: {
    answer: async (route) => {
      const response = await route.fetch().catch(() => null);
      // Unreferenced: a stall still waiting when its test is done keeps no process alive.
      await new Promise((r) => setTimeout(r, 30_000).unref());
      await (response ? route.fulfill({ response }) : route.abort()).catch(() => {});
    },
    says: /took too long/i,
  },
  500: { answer: (route) => route.fulfill(json(500, { detail: 'Database connection lost' })), says: /database connection lost/i },
  502: { answer: (route) => route.fulfill({ status: 502, headers: { ...cors, 'content-type': 'text/html' }, body: gatewayPage }), says: /problem on its side/i },
  503: {
    answer: (route) => route.fulfill({ status: 503, headers: { ...cors, 'content-type': 'text/plain', 'retry-after': '2' }, body: 'Service Unavailable' }),
    says: /service unavailable.*2 seconds|2 seconds.*service unavailable/i,
  },
  429: { answer: (route) => route.fulfill(json(429, { detail: 'Too many requests' }, { 'retry-after': '2' })), says: /too many requests.*2 seconds/i },
  401: { answer: (route) => route.fulfill(json(401, { detail: 'Token revoked' })), says: /did not accept your access token/ },
  // The service did the work, but its answer arrives cut short.
  malformed: {
    answer: async (route) => {
      const response = await route.fetch().catch(() => null);
      await route.fulfill({ ...json(200, '{"id": 7, "status": "gener'), ...(response ? { headers: { ...cors, 'content-type': 'application/json' } } : {}) });
    },
    says: /could not read/i,
  },
};

/** Routes the action's request to `fault` until the returned function is called. */
export async function inject(page, matches, answer) {
  const api = (url) => url.href.startsWith(sim.api);
  const handler = (route) => (matches(route.request()) ? answer(route) : route.fallback());
  await page.route(api, handler);
  return () => page.unroute(api, handler);
}

export const is = (method, path) => (request) => request.method() === method && path.test(new URL(request.url()).pathname);

/** A page signed in at `to`; with `clock`, on Playwright's clock, which a test moves on (`lapse`). */
export async function signedInPage(to = '/', { clock = false } = {}) {
  const page = await openPage(browser);
  if (clock) await page.clock.install();
  await page.goto(web.url + to);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** The page's visible text, where no gateway markup may ever appear. */
export async function noMarkupShown(page) {
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /<\/?(html|body|h1|center)|502 Bad Gateway|nginx/i, 'no raw markup on screen');
}

export async function charges(projectId) {
  const { ledger } = await sim.control('GET', '/_sim/users/1');
  return ledger.filter((e) => e.project_id === projectId && e.amount < 0).length;
}

/** A project made through the API: `proposed`, `generating` (kept slow), or `completed`. */
export async function project(state, scenes = 2) {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: 'A kite maker races the wind', num_scenes: scenes });
  if (state === 'proposed') return id;
  // The pace is set before approving: at the run's speed (2000) a 2-scene project is done in about 0.1 s,
  // which a loaded machine can spend between the approve and a later speed change (a cell once found the
  // project already completed and no progress bar).
  if (state === 'generating') await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
  await sim.call('POST', `/scene-projects/${id}/approve`, { confirm_credits: true });
  if (state === 'generating') return id;
  await sim.completed(id);
  return id;
}

// Faults after which a request that spends credits may have been carried out: the app must not
// send it again by itself, and checks the project instead.
const UNCERTAIN = new Set(['refused', 'stall', '500', '502', 'malformed']);
// Of those, the ones whose request reached the service here (the others were answered by the route):
// the project shows the work, and the app moves on by itself.
const LANDED = new Set(['stall', 'malformed']);
const checking = /could not confirm that the service received this/;
// What the person types in the paid cells' dialogs.
const VIDEO_MODEL = 'veo-3';
const MOTION_PROMPT = 'a slow pan across the rooftops';

/**
 * Past the usual time of a paid action whose request never reached the service: nothing changed, so
 * the app offers to send it again (with a warning). Playwright's clock jumps, as after a closed lid.
 */
async function lapse(page, faultName, minutes) {
  if (UNCERTAIN.has(faultName) && !LANDED.has(faultName)) {
    await page.getByText(/ sent at .+ is not confirmed yet\./).first().waitFor();
    await page.clock.fastForward(minutes * 60_000 + 5_000);
    await page.getByText(/ was never confirmed, and the project has not changed since/).first().waitFor();
  }
}

export const ACTIONS = [
  {
    name: 'sign in',
    request: is('GET', /\/scene-projects$/),
    async setup() {
      const page = await openPage(browser);
      await page.goto(web.url + '/sign-in');
      await page.getByLabel('Access token').fill('demo-token');
      return { page };
    },
    act: ({ page }) => page.getByRole('button', { name: 'Sign in' }).click(),
    says: { 401: /did not accept this access token/ },
    async kept({ page }) {
      assert.equal(await page.getByLabel('Access token').inputValue(), 'demo-token');
    },
    async recovered({ page }) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Your projects' }).waitFor();
    },
  },
  {
    name: 'list',
    request: is('GET', /\/scene-projects$/),
    async setup() {
      await project('proposed');
      // Filtered, as a person may have chosen: the filter is what there is to keep.
      const page = await signedInPage('/?person_id=1');
      // The first read must have answered: a click while it is under way asks nothing new (one
      // read at a time), and its answer, unfaulted, would leave nothing to fail.
      await page.getByRole('link', { name: /kite maker|Untitled project/ }).first().waitFor();
      return { page };
    },
    act: ({ page }) => page.getByRole('button', { name: 'Refresh list' }).click(),
    async kept({ page }) {
      // The filter chosen stays in the address and its field (after the 401, signed in again, back on
      // it), and the list read before stays shown.
      await page.waitForURL((url) => url.pathname === '/' && url.search === '?person_id=1');
      assert.equal(await page.getByLabel('Person id').inputValue(), '1');
      await page.getByRole('link', { name: /kite maker|Untitled project/ }).first().waitFor();
    },
    async recovered({ page, fault }) {
      // The list checks again by itself (backing off, or after Retry-After); a click asks at once.
      await page.getByRole('button', { name: 'Refresh list' }).click().catch(() => {});
      await page.getByText(fault.says).waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByRole('link', { name: /kite maker|Untitled project/ }).first().waitFor();
    },
  },
  {
    name: 'create',
    request: is('POST', /\/stories\/create$/),
    async setup() {
      const page = await signedInPage('/new');
      await page.getByLabel('Story idea').fill('A glassblower shapes a city out of light');
      await page.getByLabel('Person id').fill('1');
      await page.getByLabel('Number of scenes').fill('3');
      return { page };
    },
    act: ({ page }) => page.getByRole('button', { name: 'Propose scenes' }).click(),
    async kept({ page }) {
      assert.equal(await page.getByLabel('Story idea').inputValue(), 'A glassblower shapes a city out of light');
      assert.equal(await page.getByLabel('Number of scenes').inputValue(), '3');
    },
    async recovered({ page }) {
      if (await page.getByRole('button', { name: 'Propose scenes' }).isVisible()) {
        await page.getByRole('button', { name: 'Propose scenes' }).click();
      }
      await page.getByRole('group', { name: /^Scene 3/ }).waitFor();
    },
  },
  {
    name: 'save a scene',
    request: is('PUT', /\/scenes\/\d+$/),
    async setup() {
      const id = await project('proposed');
      const page = await signedInPage(`/projects/${id}`);
      const scene = page.getByRole('group', { name: /^Scene 1/ });
      await scene.getByLabel('Description').fill('The kite tears free above the harbour');
      return { page, id, scene };
    },
    act: ({ scene }) => scene.getByRole('button', { name: 'Save scene 1' }).click(),
    async kept({ scene }) {
      assert.equal(await scene.getByLabel('Description').inputValue(), 'The kite tears free above the harbour');
    },
    async recovered({ page, id, scene }) {
      await scene.getByRole('button', { name: 'Save scene 1' }).click();
      await scene.getByText('Saved.').waitFor();
      const p = await sim.call('GET', `/scene-projects/${id}`);
      assert.equal(p.scenes[0].description, 'The kite tears free above the harbour');
    },
  },
  {
    name: 'approve',
    request: is('POST', /\/approve$/),
    spends: true,
    async setup() {
      const id = await project('proposed');
      // At a person's pace, so the re-read after an uncertain answer sees the generation under way.
      await sim.control('PUT', `/_sim/projects/${id}/speed`, { speed: 1 });
      const page = await signedInPage(`/projects/${id}`, { clock: true });
      const approvals = [];
      page.on('request', (r) => { if (is('POST', /\/approve$/)(r)) approvals.push(JSON.parse(r.postData() ?? '{}')); });
      await page.getByRole('button', { name: 'Approve and generate…' }).click();
      // The one thing typed in the approval: a model, under "Models (optional)".
      const dialog = page.getByRole('dialog', { name: 'Approve and generate' });
      await dialog.getByText('Models (optional)').click();
      await dialog.getByLabel('Video model').fill(VIDEO_MODEL);
      return { page, id, dialog, approvals };
    },
    act: ({ page }) => page.getByRole('button', { name: 'Reserve 200 credits and generate' }).dblclick(),
    async kept({ dialog, approvals }, faultName) {
      // A double click is one request, and it carried the model typed.
      assert.deepEqual(approvals.map((a) => a.video_model), [VIDEO_MODEL], 'one approval sent, with the model typed');
      // Refused, or never known to have reached the service: the dialog stays open with it. (Landed, the
      // page moves on to the generation as soon as a re-read shows it; after the 401 the page is the
      // sign-in, and `recovered` finds the model kept in the dialog opened again.)
      if (LANDED.has(faultName) || faultName === '401') return;
      assert.equal(await dialog.getByLabel('Video model').inputValue(), VIDEO_MODEL);
    },
    async recovered({ page }, faultName) {
      const progress = page.getByRole('progressbar', { name: 'Overall progress' });
      if (faultName === '401') {
        await page.getByRole('button', { name: 'Approve and generate…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Approve and generate' });
        assert.equal(await dialog.getByLabel('Video model').inputValue(), VIDEO_MODEL, 'the model typed, kept across the sign-in');
      }
      await lapse(page, faultName, 1);
      const confirm = page.getByRole('button', { name: 'Reserve 200 credits and generate' });
      // Either the app found that the approval landed and moved on, or it offers to approve again.
      await confirm.or(progress).first().waitFor();
      await page.waitForFunction(() => !/Approving/.test(document.querySelector('dialog[open] button[type=submit]')?.textContent ?? ''), null, { timeout: 20_000 });
      if (await confirm.isVisible()) await confirm.click();
      await progress.waitFor();
    },
    charges: 1,
  },
  {
    name: 'status poll',
    request: is('GET', /\/scene-projects\/\d+\/status$/),
    async setup() {
      const id = await project('generating');
      const page = await signedInPage(`/projects/${id}/video`, { clock: true });
      await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
      // "Check now" asks at once, unless a check is under way (with a check a second, POLL_S, on a loaded
      // machine nearly always): then the press changes nothing. So the page's clock is held, before the
      // fault is armed (a scheduled check caught by a stall would hold "Checking…" on the held clock),
      // until no check is under way; the press is then what asks, and the clock runs on after it.
      await pauseClock(page);
      await page.getByText(/^Checked /).waitFor();
      return { page, id };
    },
    async act({ page }) {
      const asked = page.waitForRequest(is('GET', /\/scene-projects\/\d+\/status$/), { timeout: 5_000 });
      await page.getByRole('button', { name: 'Check now' }).click();
      await asked;
      await page.clock.resume();
    },
    says: { 401: /did not accept your access token/ },
    async kept({ page }) {
      await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    },
    async recovered({ page }) {
      await page.getByText(/^Checked /).waitFor({ timeout: 20_000 });
      await page.getByRole('progressbar', { name: 'Overall progress' }).waitFor();
    },
  },
  {
    name: 'regenerate',
    request: is('POST', /\/regenerate$/),
    spends: true,
    async setup() {
      const id = await project('completed');
      const page = await signedInPage(`/projects/${id}/video`, { clock: true });
      await page.getByRole('button', { name: 'Regenerate scene 1…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Regenerate scene 1' });
      await dialog.getByLabel('Motion prompt').fill(MOTION_PROMPT);
      return { page, id, dialog };
    },
    act: ({ dialog }) => dialog.getByRole('button', { name: 'Regenerate (about 100 credits)' }).dblclick(),
    async kept({ page, dialog, id }, faultName) {
      if (LANDED.has(faultName)) {
        // It reached the service, which took it on: what was typed is the scene's prompt there (at once,
        // or when the work ends under alt), and the dialog closes once a re-read shows the work.
        await until('the service to have the prompt typed', async () => (await sim.call('GET', `/scene-projects/${id}`))
          .scenes.find((s) => s.scene_number === 1).motion_prompt === MOTION_PROMPT);
        return;
      }
      // Refused, or never known to have reached the service: the dialog stays open with what was typed.
      // Signed in again after the 401, it opens with it (a draft).
      if (faultName === '401') await page.getByRole('button', { name: 'Regenerate scene 1…' }).click();
      assert.equal(await dialog.getByLabel('Motion prompt').inputValue(), MOTION_PROMPT);
    },
    async recovered({ page, dialog }, faultName) {
      await lapse(page, faultName, 10);
      const confirm = dialog.getByRole('button', { name: 'Regenerate (about 100 credits)' });
      if (await dialog.isVisible()) {
        await page.waitForFunction(() => !/Sending/.test(document.querySelector('dialog[open] button[type=submit]')?.textContent ?? ''), null, { timeout: 20_000 });
        if (await dialog.isVisible()) await confirm.click();
      }
      await page.getByText(/Scene 1 is being regenerated|regenerated scene 1 is ready/).first().waitFor({ timeout: 20_000 });
    },
    charges: 1,
  },
  {
    name: 'upscale',
    request: is('POST', /\/upscale$/),
    spends: true,
    async setup() {
      const id = await project('completed');
      const page = await signedInPage(`/projects/${id}/video`, { clock: true });
      await page.getByRole('button', { name: 'Upscale the video' }).waitFor();
      return { page, id };
    },
    act: ({ page }) => page.getByRole('button', { name: 'Upscale the video' }).dblclick(),
    // No `kept`: nothing is typed or chosen for an upscale (FAULTS.md).
    async recovered({ page }, faultName) {
      await lapse(page, faultName, 10);
      const button = page.getByRole('button', { name: 'Upscale the video' });
      const started = page.getByText(/Upscaling: a higher-resolution copy|The upscaled video is ready/).first();
      // After a 401 and signing in again the page reads the project anew: until it has, neither shows.
      await button.or(started).first().waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Upscale the video');
        return !b || !b.disabled;
      }, null, { timeout: 20_000 });
      if (await button.isVisible()) {
        await button.click();
        // Past the usual time of an upscale that was never confirmed, a dialog says the first may still run.
        if (UNCERTAIN.has(faultName) && !LANDED.has(faultName)) {
          const again = page.getByRole('dialog', { name: 'Upscale again' });
          await again.getByText(/was never confirmed\. If the service did receive it, it may still run/).waitFor();
          await again.getByRole('button', { name: 'Upscale the video' }).click();
        }
      }
      await started.waitFor({ timeout: 20_000 });
    },
    charges: 0, // upscaling is free

  },
  {
    name: 'load the finished video',
    request: is('GET', /\/scene-projects\/\d+(\/status)?$/),
    async setup() {
      const id = await project('completed');
      const page = await openPage(browser);
      await page.goto(`${web.url}/sign-in`);
      await page.getByLabel('Access token').fill('demo-token');
      return { page, id };
    },
    act: async ({ page, id }) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Your projects' }).waitFor();
      await page.goto(`${web.url}/projects/${id}/video`);
    },
    says: { 401: /did not accept your access token/ },
    async kept({ page, id }) {
      // The page the person opened stays (after the 401, signed in again, back on it).
      await page.waitForURL(`${web.url}/projects/${id}/video`);
    },
    async recovered({ page }) {
      await page.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Regenerate scene 1…' }).waitFor({ timeout: 20_000 });
    },
  },
];

/** Each action by its name, for the tests below that reuse its set-up and checks. */
export const byName = Object.fromEntries(ACTIONS.map((a) => [a.name, a]));

// Cells of one action run two at a time: each has its own page and project, and the faults are the
// page's own (the simulator's switches, shared by all, are used only in the last, sequential section).
/** Every fault for each of `actions`, a test per cell. */
export function matrix(actions) {
  for (const action of actions) {
    describe(action.name, { concurrency: 2 }, () => {
      for (const [faultName, f] of Object.entries(FAULTS)) {
        // Under alt only what the service's own answers decide: after an uncertain paid request the app
        // reads the project, whose status during a regeneration or upscale the spec leaves open. A
        // request refused before it reaches the service (401, 429, 503 here) is the same in both, and so
        // is an approval's, whose signal is the status the spec shows (proposed, then generating). Of the
        // uncertain faults, the landed ones (the service did the work) and one that never reached it
        // (500): refused and 502 differ from 500 only in the injected bytes, the same in both profiles,
        // and the service's answers meet all three alike, in the re-reads and the request sent again.
        const altCell = action.spends && action.name !== 'approve' && (LANDED.has(faultName) || faultName === '500');
        if (profile === 'alt' && !altCell) continue;
        test(`${action.name} × ${faultName}`, async (t) => {
          const cell = await action.setup();
          cell.fault = f;
          const { page } = cell;
          const charged = cell.id ? await charges(cell.id) : 0;
          const clear = await inject(page, action.request, f.answer);
          await action.act(cell);
          t.after(async () => {
            if (!page.isClosed()) {
              await page.screenshot({ path: `${artifacts}/fault-${action.name}-${faultName}.png`.replaceAll(' ', '-') }).catch(() => {});
              await page.context().close();
            }
          });
          const says = action.spends && UNCERTAIN.has(faultName) ? checking : (action.says?.[faultName] ?? f.says);
          await page.getByText(says).first().waitFor({ timeout: (TIMEOUT_S + 5) * 1000 });
          await noMarkupShown(page);
          if (faultName === '401' && action.name !== 'sign in') {
            await page.getByRole('heading', { name: 'Sign in' }).waitFor();
            await clear();
            await page.getByLabel('Access token').fill('demo-token');
            await page.getByRole('button', { name: 'Sign in' }).click();
          } else {
            await clear();
          }
          // An action with nothing to keep has no `kept` (FAULTS.md says which).
          await action.kept?.(cell, faultName);
          await action.recovered(cell, faultName);
          if (action.charges !== undefined) {
            assert.equal(await charges(cell.id) - charged, action.charges, 'credits reserved exactly once');
          }
          assert.deepEqual(page.problems, []);
          await page.context().close();
        });
      }
    });
  }
}
