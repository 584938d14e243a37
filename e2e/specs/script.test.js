// The script as files, with the release build under the deployed Content-Security-Policy: each file
// downloaded as a person would (the browser's download, read back from disk). "Start a new story from
// this one" is checked elsewhere, without a page of its own here: its question (named story, Escape,
// focus back, Keep my draft, axe, no browser dialog) in the release build by delivery.test.js, where its
// code arrives late; Cancel, Keep and Replace by tests/browser/script.rs; from a failed project by
// tests/browser/video.rs; "the same story: nothing to lose" by src/domain/story.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkScreen, openPage, useRun } from '../lib/harness.js';

let sim, web, browser;
useRun(['--speed', '2000'], { poll_interval_seconds: 0.5, request_timeout_seconds: 5 }, (run) => ({ sim, web, browser } = run));

// Path and reserved characters in the idea, which names the project and so its files.
const IDEA = 'A fox/wolf: the "long" trek north?';
const STEM = 'A 3-scene story A fox wolf the long trek north';
// Narration that would break a subtitle file written naively: an arrow, blank lines, a lone number.
const ODD_NARRATION = 'Wait --> there.\n\n\n42\n# Not a heading';

async function proposed() {
  const { id } = await sim.call('POST', '/stories/create', { person_id: 1, story_idea: IDEA, num_scenes: 3 });
  const project = await sim.call('GET', `/scene-projects/${id}`);
  const two = project.scenes.find((s) => s.scene_number === 2);
  await sim.call('PUT', `/scene-projects/${id}/scenes/${two.id}`, { narration_text: ODD_NARRATION });
  return sim.call('GET', `/scene-projects/${id}`);
}

async function signIn(page, to) {
  await page.goto(web.url + to);
  await page.getByLabel('Access token').fill('demo-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Clicks the button and gives the file the browser saved: its name and its text. */
async function download(page, name) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

/** The cues of a subtitle file, checked block by block: SubRip numbered from 1 with comma
 * milliseconds, WebVTT after its header with dots; an arrow only on a timing line. */
function cuesOf(text, format) {
  const srt = format === 'srt';
  let body = text;
  if (!srt) {
    assert.ok(text.startsWith('WEBVTT\n\n'), `the WebVTT header: ${text.slice(0, 40)}`);
    body = text.slice('WEBVTT\n\n'.length);
  }
  const time = srt ? '\\d{2}:\\d{2}:\\d{2},\\d{3}' : '\\d{2}:\\d{2}:\\d{2}\\.\\d{3}';
  const timing = new RegExp(`^${time} --> ${time}$`);
  const blocks = body.trim().split('\n\n');
  return blocks.map((block, i) => {
    const lines = block.split('\n');
    if (srt) assert.equal(lines.shift(), String(i + 1), `cue ${i + 1} is numbered: ${block}`);
    assert.match(lines.shift(), timing, `cue ${i + 1} starts with its times: ${block}`);
    assert.ok(lines.length > 0 && lines.every((l) => l.trim() && !l.includes('-->')), `cue ${i + 1} has text only: ${block}`);
    return lines.join(' ');
  });
}

function checkFiles(files, project) {
  const [script, srt, vtt] = files;
  assert.deepEqual(files.map((f) => f.name), [`${STEM}.md`, `${STEM}.srt`, `${STEM}.vtt`]);

  assert.ok(script.text.startsWith(`# ${project.description}\n\n## Story idea\n\n> ${IDEA}\n\n## Scene 1\n`), script.text);
  const headings = script.text.split('\n').filter((l) => /^#{1,3} /.test(l));
  assert.deepEqual(headings, [`# ${project.description}`, '## Story idea',
    ...[1, 2, 3].flatMap((n) => [`## Scene ${n}`, '### Description', '### Image prompt', '### Motion prompt', '### Narration'])],
  'the narration\'s "#" line is not a heading');
  for (const scene of project.scenes) {
    const section = script.text.split(`## Scene ${scene.scene_number}\n`)[1].split('\n## ')[0];
    for (const [heading, field] of [['Description', 'description'], ['Image prompt', 'image_prompt'], ['Motion prompt', 'motion_prompt']]) {
      assert.ok(section.includes(`### ${heading}\n\n> ${scene[field]}\n`), `scene ${scene.scene_number}'s ${heading}: ${section}`);
    }
  }
  assert.ok(script.text.includes('### Narration\n\n> Wait --> there.\n>\n>\n> 42\n> \\# Not a heading\n'), script.text);

  const srtCues = cuesOf(srt.text, 'srt');
  const vttCues = cuesOf(vtt.text, 'vtt');
  assert.equal(srtCues.length, vttCues.length);
  const all = srtCues.join(' ');
  assert.ok(all.includes('Wait') && all.includes('there.') && all.includes('42'), all);
  const first = project.scenes.find((s) => s.scene_number === 1).narration_text;
  assert.ok(first.startsWith(srtCues[0].split(' ').slice(0, 3).join(' ')), `scene 1's narration first: ${srtCues[0]}`);
}

test('the review page and the finished page give the script and the subtitles as files', async () => {
  const project = await proposed();
  const page = await openPage(browser);
  await signIn(page, `/projects/${project.id}`);
  await page.getByRole('group', { name: 'The script as files' }).waitFor();
  const files = [];
  for (const name of ['Download script', 'Download subtitles (.srt)', 'Download subtitles (.vtt)']) {
    files.push(await download(page, name));
    await page.getByRole('status').filter({ hasText: `Made ${files.at(-1).name}.` }).waitFor();
  }
  checkFiles(files, project);
  await checkScreen(page, 'review-files');

  await sim.call('POST', `/scene-projects/${project.id}/approve`, { confirm_credits: true });
  await sim.completed(project.id);
  await page.goto(`${web.url}/projects/${project.id}/video`);
  await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
  const finished = [];
  for (const name of ['Download script', 'Download subtitles (.srt)', 'Download subtitles (.vtt)']) {
    finished.push(await download(page, name));
  }
  checkFiles(finished, await sim.call('GET', `/scene-projects/${project.id}`));
  await checkScreen(page, 'finished-files');
});
