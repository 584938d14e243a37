// What the trunk post-build hooks share: the staging folder they work in, the one built file of a
// kind, a file's subresource-integrity digest, and a name that carries its content's hash.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** TRUNK_STAGING_DIR, or a stop that says `hook` must run as a trunk hook. */
export function stagingDir(hook) {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error(`${hook}: run me as a trunk hook (TRUNK_STAGING_DIR is not set)`);
  return dir;
}

/** The path of the one file in `dir` whose name matches `pattern`; none or several stop the build. */
export function one(hook, dir, pattern) {
  const found = readdirSync(dir).filter((f) => pattern.test(f));
  if (found.length !== 1) throw new Error(`${hook}: expected one file like ${pattern} in ${dir}, found ${found.join(', ') || 'none'}`);
  return join(dir, found[0]);
}

/** The `integrity` value index.html carries for these bytes. */
export const sri = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

/** `name.ext` as `name-<16 (or `digits`) hex digits of its content's sha256>.ext`, the form nginx caches for
 * a year (8 to 16 digits). */
export const hashedName = (name, data, digits = 16) =>
  name.replace(/(\.[a-z]+)$/, `-${createHash('sha256').update(data).digest('hex').slice(0, digits)}$1`);

/** An HTML attribute's value as written in a minified page: bare when HTML allows it (2 B fewer). */
export const attr = (value) => (/^[^\s"'=<>`]+$/.test(value) ? value : `"${value}"`);
