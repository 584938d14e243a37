// What deploy/bin's wrappers share: the real tool they stand in front of on PATH.
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/** The first executable `name` on PATH outside the wrappers' own folder `here`; without one, the
 * wrapper stops and says scripts/setup installs it. */
export function realTool(name, here) {
  const found = process.env.PATH.split(delimiter)
    .filter((dir) => dir && resolve(dir) !== here)
    .map((dir) => join(dir, name))
    .find((path) => { try { accessSync(path, constants.X_OK); return true; } catch { return false; } });
  if (!found) {
    console.error(`deploy/bin/${name}: no ${name} on PATH after deploy/bin (scripts/setup installs it)`);
    process.exit(1);
  }
  return found;
}
