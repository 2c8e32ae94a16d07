/**
 * What meow's own bundle of its dependencies (meow/build/dependencies.js) gives meow, for svc's build
 * (scripts/build.mjs, meowLightDependencies): the same packages at the versions that bundle was made
 * from (meow/build/licenses.md; pinned in package.json), without the ones svc never needs.
 *
 * Why: that bundle evaluates about 30 ms at every parsed command line, more than Node's own start,
 * nearly all of it in normalize-package-data and what it pulls in (semver's regular expressions,
 * hosted-git-info, the SPDX tables, one of which spdx-correct sorts with localeCompare as it loads,
 * which starts ICU's collator, @babel/code-frame and chalk 2). meow uses them only to read and
 * normalize the package.json above its own file, for a description, a version and a process title;
 * svc gives meow all three (read-argv.ts: description, version, pkg), so reading that file is
 * skipped (readPackageUpSync finds nothing) and normalizing the given pkg does nothing.
 *
 * The names are the exports of meow 13's bundle; build.mjs checks them against that file, so an
 * update of meow that imports something else fails the build instead of shipping a gap.
 */
import camelcaseKeys from 'camelcase-keys';
import decamelize from 'decamelize';
import decamelizeKeys from 'decamelize-keys';
import constructParserOptions from 'minimist-options';
import redent from 'redent';
import { trimNewlines } from 'trim-newlines';
import yargsParser from 'yargs-parser';

/** meow reads the package.json above its file only for what svc passes itself (read-argv.ts). */
function readPackageUpSync() {
  return undefined;
}

/** The pkg svc gives meow is already what svc means (name and bin); nothing to normalize. */
function normalizePackageData() {}

export {
  readPackageUpSync as a,
  constructParserOptions as b,
  camelcaseKeys as c,
  decamelizeKeys as d,
  decamelize as e,
  normalizePackageData as n,
  redent as r,
  trimNewlines as t,
  yargsParser as y,
};
