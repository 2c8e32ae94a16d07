/**
 * The Node versions the CLI supports (package.json engines: Node 20 and later), from the binary
 * packages of scripts/node-versions/ (installed there on first use): the CLI's jest suites and its
 * packed end-to-end suite run under each. The chosen node runs jest and comes first on PATH, so the
 * packed `svc` (`#!/usr/bin/env node`) and every child the tests start run on it too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERSIONS_DIR = path.join(ROOT, 'scripts', 'node-versions');

/** Every major the CLI supports, oldest first; npm test runs the oldest and the newest. */
export const NODE_MAJORS = ['20', '22', '24', '26'] as const;

/** What the CLI's suites are: its units and components (source/) and its packed end-to-end suite (test/cli/). */
export const CLI_SUITES = ['source', 'test/cli'];

/** The major of the node that runs this script. */
export const RUNNING_MAJOR = process.versions.node.split('.')[0]!;

export interface NodeRun {
  /** The node binary. */
  readonly node: string;
  /** The environment that puts it first on PATH. */
  readonly env: NodeJS.ProcessEnv;
}

/** Node `major`, installed from scripts/node-versions/ when missing; an Error saying why it cannot be had. */
export function nodeRun(major: string): NodeRun | Error {
  const bootstrap = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bootstrap.mjs'), VERSIONS_DIR], { stdio: 'inherit' });
  const bin = path.join(VERSIONS_DIR, 'node_modules', `node-${major}`, 'bin');
  const node = path.join(bin, 'node');
  if (bootstrap.status !== 0 || !existsSync(node)) return new Error(`Node ${major} is not in ${VERSIONS_DIR} (npm ci there failed)`);
  const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) return new Error(`${node} says ${version || 'nothing'}, not Node ${major}`);
  return { node, env: { PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}` } };
}
