// Which end-to-end specs run against which simulator profile, and why. Every spec runs against the
// default profile. The alt profile answers differently only where the API spec says "not shown"
// (sim/README.md, "The alt profile"), so a spec runs against it too when what it checks depends on
// such an answer, and once otherwise: the same test twice would test nothing more.
//
//   node e2e/profiles.js both     the specs that also run against alt, one path a line (scripts/test)
//   node e2e/profiles.js groups   "PROFILE PATH" lines read from stdin, packed into "PROFILE PATH PATH…"
//                                 lines, each run in one process (e2e/run-specs.js), the longest first
//                                 (scripts/stages.sh)
import { readdirSync } from 'node:fs';

/** Specs that run against both profiles: what each exercises of the answers the spec leaves open. */
export const BOTH = {
  'approve-several.test.js': 'the list of either shape to choose from, and a 403 body of either shape named in the report (a lost answer and two tabs run once: an approval shows in the status the spec names, and the tabs share the app\'s own record)',
  'access.test.js': 'the token absent from every answer of either shape, through the whole journey (the 401 mid-way runs once: its 401 is the test\'s own, the same bytes in either profile, and what it checks is the app\'s storage)',
  'captions.test.js': 'the finished and upscaled video: media on another origin with signed addresses, upscale status',
  'create-review.test.js': 'update-scene answer (scene or whole project), 400 or 409 on a wrong state, scene ids beyond 32 bits, 403 body',
  'fault-matrix-paid.test.js': 'after an uncertain approve, regenerate or upscale the app reads the project: a landed regeneration or upscale shows as generating/upscaling or as completed (under alt only the uncertain cells of regenerate and upscale whose answers the service decides: stall and malformed, which landed, and 500, which did not; refused and 502 differ from 500 only in the injected bytes; an approval shows in the status the spec names)',
  'downloads.test.js': 'saving files from the service\'s storage: on another origin in both, under alt a third one with signed addresses (the name, the bytes, one read however often clicked; the refusals, answers of the test\'s own, run once)',
  'faults.test.js': "odd answers built from the service's real answer (list shape, status words and fields, a regeneration's and an upscale's follow-up), a 500's body, and Retry-After as seconds or an HTTP date (the odd create, save and approve answers run once: they differ between the profiles only in created_at, or not at all)",
  'hostile.test.js': 'markup sent back in error bodies and lists of either shape',
  'keyboard.test.js': 'regenerate and upscale by keyboard, whose pages differ (generating, or completed with the old video)',
  'persons.test.js': 'person ids gathered from the projects list (a bare array or wrapped)',
  'projects.test.js': 'list shape, unknown status_filter (empty or 400), Retry-After format, upscaling in the list',
  'revise.test.js': 'regeneration and upscale codes, bodies, project status during both, new final addresses',
  'spending.test.js': 'credits_used in a completed status, and a regeneration shown in the status or kept quiet under completed',
  'several-stories.test.js': 'the list a story whose answer was lost is looked for in (a bare array, or wrapped in pages), and a refused story\'s error body of either shape said beside it',
  'sign-in.test.js': 'the first request is the list (either shape); a wrong token (401 body shape)',
  'many-projects.test.js': 'the list of 2,000 in one answer (default) or in pages of 100 with next and Link (alt): every page read once, the bounded start kept, and search, filter, the keyboard to the oldest, the return and axe on the list put together either way (a return under alt once scrolled before the page asked for was read)',
  'lost-answers.test.js': 'a paid request answered after the timeout: the project shows a regeneration as generating (default) or stays completed and unchanged until the new video (alt); the approval, whose status the spec shows, runs once',
  'versions.test.js': 'whether the service keeps an earlier cut of the final video (default) or only the latest (alt), and new final addresses after a regeneration',
  'video.test.js': 'status vocabulary and steps, status fields per state, failed status with only the error, media origin (its tests of the live region and the animations run once: their answers are their own, or they check look; the widths are checked by screens.test.js)',
};

/** Specs that run against the default profile only: why no open answer changes what they check. */
export const DEFAULT_ONLY = {
  'delivery.test.js': "nginx's precompressed files, config.json and the pages' split-off code; its first-reads tests count requests, and the answers taken early are read as any answer, in both profiles, by the projects and video specs, which open their pages signed in",
  'fault-matrix.test.js': 'injected faults (the same bytes in either profile) on actions that spend nothing; reading the real answers afterwards is covered in both profiles by the specs of those pages',
  'screens.test.js': 'look and axe of each screen; step words, ids and media addresses change no layout, and every screen\'s behaviour is covered in both profiles by its own spec',
  'script.test.js': 'script and subtitle files built from the project object (2.1), whose fields the spec shows',
  'storage.test.js': "the browser's storage refused or full, and two tabs sharing it: the app's own storage, not the service's answers",
  'tabs.test.js': "a sign-in across tabs and a tab-only sign-in: the app's own storage and tabs, not the service's answers",
};

/** Seconds each spec file took in a whole run of the test command (default profile, 2026-12-06 at cde608d,
 * beside the browser tests: `scripts/test`'s e2e log), for the order runs start in: the longest first, so the
 * run does not end waiting on one of them. A file not listed starts last; the figures only order, so they
 * need not be exact, but one far off (many-projects' 30 against 81) started late and held the run's end. */
export const SECONDS = {
  'fault-matrix.test.js': 125, 'fault-matrix-paid.test.js': 99, 'delivery.test.js': 85, 'screens.test.js': 83,
  'many-projects.test.js': 37, 'video.test.js': 72, 'revise.test.js': 52, 'faults.test.js': 43,
  'create-review.test.js': 33, 'hostile.test.js': 32, 'projects.test.js': 28, 'storage.test.js': 23,
  'access.test.js': 22, 'versions.test.js': 22, 'lost-answers.test.js': 21, 'keyboard.test.js': 20,
  'tabs.test.js': 20, 'downloads.test.js': 19, 'script.test.js': 16, 'sign-in.test.js': 15,
  'spending.test.js': 14, 'persons.test.js': 13, 'captions.test.js': 12, 'approve-several.test.js': 36, 'several-stories.test.js': 20,
};

/** The same under alt, where a file runs only its tests that depend on an open answer (the same run;
 * many-projects since reads only the list there). */
export const ALT_SECONDS = {
  'fault-matrix-paid.test.js': 36, 'projects.test.js': 46, 'video.test.js': 45, 'faults.test.js': 28,
  'revise.test.js': 33, 'many-projects.test.js': 29, 'access.test.js': 17, 'keyboard.test.js': 22,
  'create-review.test.js': 15, 'hostile.test.js': 19, 'lost-answers.test.js': 17, 'versions.test.js': 16,
  'captions.test.js': 13, 'approve-several.test.js': 15, 'several-stories.test.js': 8, 'spending.test.js': 12, 'downloads.test.js': 6, 'persons.test.js': 8,
  'sign-in.test.js': 7,
};

// A spec nobody classified would silently run once: refuse to go on instead.
const specs = readdirSync(new URL('./specs/', import.meta.url)).filter((f) => f.endsWith('.test.js'));
const unclassified = specs.filter((f) => !(f in BOTH) && !(f in DEFAULT_ONLY));
if (unclassified.length) throw new Error(`e2e/profiles.js: say which profiles run ${unclassified.join(', ')}`);

if (process.argv[2] === 'both') for (const f of Object.keys(BOTH)) console.log(`specs/${f}`);
/** The seconds of spec files (by SECONDS and ALT_SECONDS) one process runs one after another, at most:
 * a process spared is node, Playwright and a browser started once less, about 1 s of CPU. A file longer
 * than this runs alone. Not more: the run ends when its last group does, so groups stay short enough to
 * spread over the cores (E2E_GROUP_SECONDS changes it, for measuring; 0 runs each file alone). */
const GROUP_SECONDS = Number(process.env.E2E_GROUP_SECONDS ?? 60);

if (process.argv[2] === 'groups') {
  const { readFileSync } = await import('node:fs');
  const seconds = ({ profile, path }) => (profile === 'alt' ? ALT_SECONDS : SECONDS)[path.split('/').pop()] ?? 0;
  const runs = readFileSync(0, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [profile, path] = line.split(' ');
    return { profile, path };
  });
  // First fit, the longest file first: each into the first group of its profile with room for it (an
  // unmeasured one, 0 s, joins the first), else into a new one. The longest group starts first, so the
  // run does not end waiting on one started last (node --test sorted files by name, which did).
  const groups = [];
  for (const run of runs.sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path))) {
    const room = groups.find((g) => g.profile === run.profile && g.seconds + seconds(run) <= GROUP_SECONDS);
    if (room) {
      room.paths.push(run.path);
      room.seconds += seconds(run);
    } else {
      groups.push({ profile: run.profile, paths: [run.path], seconds: seconds(run) });
    }
  }
  for (const g of groups.sort((a, b) => b.seconds - a.seconds)) console.log([g.profile, ...g.paths].join(' '));
}
