// Which end-to-end specs cover which part of the app, for `scripts/test --quick`: a change to a file runs
// the specs listed for the longest prefix of its path (a changed spec runs itself). The native and
// browser tests run whole in --quick; this picks only the slow layer. e2e/budget/covers.test.js fails
// when a file of the app has no entry or an entry names a spec that is not there.
//
//   node e2e/covers.js < changed-paths    the specs to run, one path a line (scripts/stages.sh)
import { readFileSync } from 'node:fs';

export const COVERS = {
  'src/pages/video/': ['video', 'revise', 'downloads', 'captions', 'versions', 'lost-answers'],
  'src/pages/project/': ['create-review', 'lost-answers'],
  'src/pages/projects/': ['projects', 'many-projects'],
  'src/pages/projects/approve_several/': ['approve-several'],
  'src/pages/projects/choice.rs': ['approve-several', 'projects'],
  'src/domain/batch_approval.rs': ['approve-several'],
  'src/pages/new_story.rs': ['create-review', 'script'],
  'src/pages/several_stories/': ['several-stories'],
  'src/domain/story_batch.rs': ['several-stories'],
  'src/pages/sign_in.rs': ['sign-in'],
  'src/pages/persons.rs': ['persons'],
  'src/pages/spending.rs': ['spending'],
  'src/pages/mod.rs': ['screens'],
  'src/components/': ['screens', 'keyboard', 'access'],
  'src/components/scene_editor.rs': ['create-review', 'screens'],
  'src/components/error_summary.rs': ['create-review', 'sign-in', 'hostile'],
  'src/hooks/use_scene_edit.rs': ['create-review'],
  'src/stores/proposals.rs': ['create-review'],
  'src/domain/scene_edit.rs': ['create-review'],
  'src/domain/scene_history.rs': ['create-review'],
  'src/hooks/': ['video', 'faults', 'lost-answers'],
  'src/stores/': ['storage', 'spending', 'lost-answers'],
  'src/browser/': ['storage', 'tabs', 'delivery'],
  'src/session.rs': ['sign-in', 'tabs'],
  'src/router': ['keyboard', 'sign-in'],
  'src/routes.rs': ['keyboard', 'sign-in'],
  'src/api/': ['faults', 'hostile'],
  'src/domain/': ['faults', 'hostile'],
  'src/config.rs': ['delivery'],
  'src/': ['delivery', 'screens'],
  'index.html': ['delivery', 'screens'],
  'style/': ['screens', 'access'],
  'deploy/': ['delivery'],
  'sim/src/': ['fault-matrix', 'faults'],
};

/** The specs (`specs/NAME.test.js`) a change to `path` runs; none for a file outside the app. */
export function specsFor(path) {
  if (/^e2e\/specs\/.*\.test\.js$/.test(path)) return [path.slice('e2e/'.length)];
  const prefix = Object.keys(COVERS).filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
  return prefix ? COVERS[prefix].map((name) => `specs/${name}.test.js`) : [];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const changed = readFileSync(0, 'utf8').split('\n').filter(Boolean);
  const specs = new Set(changed.flatMap(specsFor));
  process.stdout.write([...specs].sort().map((s) => `${s}\n`).join(''));
}
