// A long-time customer: 2,000 projects (about 12 MB), seeded by the simulator (--seed), in one answer
// (default) or in pages of 100 with a `next` address and a Link header (alt). The list shows a page of
// 50 at once, reads every page of the service's, finds projects by the words of their texts as the
// person types, reaches the oldest by keyboard, comes back where it was from a project, keeps only a
// bounded start of itself on the device, and is axe-clean at 360 and 1280 px. It runs in both
// profiles: a list read whole and one put together from pages must be searched, paged and returned to
// alike. Only the test that writes its own answer runs once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkScreen, openPage, profile, testOnce, until, useRun } from '../lib/harness.js';

const COUNT = 2000;
let sim, web, browser;
/** Every project of the account, newest first, as the service holds them (read through every page). */
let all = [];

useRun(['--speed', '2000', '--seed', String(COUNT)], {}, async (run) => {
  ({ sim, web, browser } = run);
  let url = `${sim.api}/scene-projects`;
  while (url) {
    const r = await fetch(url, { headers: { authorization: 'Bearer demo-token' } });
    assert.ok(r.ok, `the list answered ${r.status}`);
    const body = await r.json();
    all.push(...(Array.isArray(body) ? body : body.items ?? body.projects));
    url = Array.isArray(body) ? null : body.next;
  }
  assert.equal(all.length, COUNT, 'the simulator seeded the account');
});

/** The words a search finds a project by, folded as the app folds them (ASCII letters lowered). */
const searchable = (p) => [p.description, p.ideas, ...(p.scenes ?? []).map((s) => s.narration_text)].join('\n').replace(/[A-Z]/g, (c) => c.toLowerCase());
const matching = (words) => all.filter((p) => words.every((w) => searchable(p).includes(w)));
const rowIds = (page) => page.locator('.project-row .project-main a')
  .evaluateAll((links) => links.map((a) => Number(a.getAttribute('href').split('/')[2])));
const signedIn = async (width = 1280) => {
  const page = await openPage(browser);
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(() => sessionStorage.setItem('storyreel.token', 'demo-token'));
  return page;
};
const listRequests = () => sim.requests('GET', /^\/api\/v1\/scene-projects$/);

// One person's visit, in one page: each load of 2,000 projects costs the suite seconds of CPU, and a
// list the page put together itself is what the later steps must work on. Each step is a test of its
// own (`t.test`), reported by its name, in the order a person would take them.
test(`a long-time customer's ${COUNT} projects`, async (t) => {
  const before = (await listRequests()).length;
  const page = await signedIn();
  await page.goto(`${web.url}/`);
  await page.getByText(`Projects 1 to 50 of ${COUNT}`).waitFor({ timeout: 60_000 });

  await t.test('every page of the service\'s list is read once, 50 rows are drawn, and the device keeps only the start', async () => {
    assert.equal(await page.locator('.project-row').count(), 50, 'one page of rows, not two thousand');
    const pages = profile === 'alt' ? Math.ceil(COUNT / 100) : 1;
    const reads = (await listRequests()).slice(before).sort((a, b) => a.at_ms - b.at_ms);
    // The first page is read by index.html while the wasm arrives, and the app takes that read only if
    // it asks within 15 s of its start (src/boot_reads.js, FRESH_MS); a host loaded enough to start the
    // app later (once in a warm run: the list drawn after about a minute) has it read the list afresh,
    // once, that much later. Every page still once a read.
    const afresh = reads.length === pages + 1 && reads[1].at_ms - reads[0].at_ms >= 15_000;
    assert.equal(reads.length, pages + (afresh ? 1 : 0), `the list read in ${pages} request(s), each page once`);
    // The newest first, as the service holds them.
    assert.deepEqual(await rowIds(page), all.slice(0, 50).map((p) => p.id), 'the 50 newest projects, in order');
    const kept = await page.evaluate(() => sessionStorage.getItem('storyreel.last_known.list') ?? '');
    assert.ok(kept.length > 0 && kept.length <= 256 * 1024 + 200, `the kept start of the list is bounded: ${kept.length} characters`);
    assert.equal(await page.getByText(/could not be kept|storage is full/i).count(), 0, 'no storage warning');
  });

  const oldestLink = `/projects/${all[all.length - 1].id}`;
  let scrolled, href;
  await t.test('the oldest project is reached with the keyboard: to the last page, then to its last row, and opened', async () => {
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    let tabs = 0;
    while ((await focusedText()) !== 'Last page') {
      assert.ok(tabs++ < 200, 'the last page is within 200 presses of Tab');
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByText(`Projects 1951 to 2000 of ${COUNT}`).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('page'), '40');
    tabs = 0;
    const focusedLink = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    while ((await focusedLink()).split(/[/?#]/)[2] !== oldestLink.split('/')[2]) {
      assert.ok(tabs++ < 200, 'the oldest project is within 200 presses of Tab');
      await page.keyboard.press('Tab');
    }
    href = await focusedLink();
    scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await until('the oldest project open', async () => new URL(page.url()).pathname === new URL(href, web.url).pathname);
  });

  await t.test('back from a project, the list is at the page and the place it was left', async () => {
    assert.ok(scrolled > 200, `the list was scrolled down to the last row: ${scrolled}`);
    // Let the project page draw, so the way back leaves a page, not a navigation under way.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByText(`Projects 1951 to 2000 of ${COUNT}`).waitFor();
    await until('the place it was left', async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled) <= 2);
    const box = await page.locator(`.project-row a[href="${href}"]`).boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 900, `the row opened is in view: ${JSON.stringify(box)}`);
  });

  await t.test('searching narrows the list to the projects whose title, idea or narrations hold every word, says how many, and goes into the address', async () => {
    const words = ['lighthouse'];
    const expected = matching(words);
    assert.ok(expected.length > 0 && expected.length < COUNT, `the seeded texts hold "${words}" in some projects: ${expected.length}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(words.join(' '));
    const said = expected.length === 1 ? `1 project of ${COUNT} matches` : `${expected.length} projects of ${COUNT} match`;
    await page.getByRole('status').filter({ hasText: said }).waitFor();
    const shown = Math.min(50, expected.length);
    await until('the rows of the search', async () => (await page.locator('.project-row').count()) === shown);
    assert.deepEqual(await rowIds(page), expected.slice(0, shown).map((p) => p.id), 'the matching projects, newest first');
    await until('the search in the address, from its first page', async () => {
      const url = new URL(page.url());
      return url.searchParams.get('q') === words.join(' ') && !url.searchParams.has('page');
    });
    // A status beside it narrows both ways, and the address keeps both.
    await page.getByLabel('Status').selectOption('failed');
    const failed = expected.filter((p) => p.status === 'failed');
    await until('the failed projects of the search', async () => {
      const url = new URL(page.url());
      return url.searchParams.get('status_filter') === 'failed' && url.searchParams.get('q') === 'lighthouse'
        && (await page.locator('.project-row').count()) === Math.min(50, failed.length);
    });
    if (failed.length === 0) await page.getByText('No project matches this search.').waitFor();
  });

  await t.test('the list, searched and paged, is axe-clean at 360 and 1280 px', async () => {
    // Everything on it at once: a search said, rows, and the pager below them. The wider look is the
    // same page made wider, as a tablet turned: the list is drawn from what it holds, not the width.
    await page.getByLabel('Status').selectOption({ label: 'Any status' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('e');
    await page.getByRole('status').filter({ hasText: /match/ }).waitFor();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText(/^Projects 51 to 100 of \d+/).waitFor();
    await page.setViewportSize({ width: 360, height: 900 });
    await checkScreen(page, `many-projects-${profile}-360`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await checkScreen(page, `many-projects-${profile}-1280`);
  });
  await page.close();
});

testOnce('a next page on another origin is not followed: the token stays with the API, and the page says how many it shows', async () => {
  const page = await signedIn();
  const elsewhere = [];
  page.on('request', (r) => { if (r.url().includes('elsewhere.test')) elsewhere.push(r.url()); });
  await page.route(/\/api\/v1\/scene-projects(\?|$)/, (route) => route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': '*' },
    body: JSON.stringify({ items: all.slice(0, 3), next: 'https://elsewhere.test/api/v1/scene-projects?page=2' }),
  }));
  await page.goto(`${web.url}/`);
  await page.getByText('The service said the list goes on at another address, which storyreel does not send your sign-in to: 3 projects are shown.').waitFor();
  assert.equal(await page.locator('.project-row').count(), 3);
  assert.deepEqual(elsewhere, [], 'nothing was asked of the other origin');
  await page.close();
});
