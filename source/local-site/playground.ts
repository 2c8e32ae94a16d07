/**
 * A throwaway WordPress on WordPress Playground's CLI (@wp-playground/cli: PHP compiled to
 * WebAssembly, SQLite), for machines with Node but no PHP or MariaDB. It is run through npx, which
 * fetches it on first use (several hundred MB): svc asks before (playgroundCommand() says what
 * runs) and never depends on it.
 *
 * The svc plugin is mounted into the site; a blueprint sets WP_ENVIRONMENT_TYPE=local (application
 * passwords over plain http), activates the plugin and writes an administrator's application password
 * into a mounted temp dir, where svc reads it.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWatchdog, trackForCleanup } from './cleanup.js';
import { packageDir } from '../core/package-dir.js';
import type { LocalSite } from './local-site.js';
import { PLAYGROUND_PACKAGE } from './playground-package.js';
import { findFreePort } from './php-server.js';
import { exitOf, probeReady, signalGroup, sleep, stopGroup, tailFile } from './process.js';

/** Playground's own administrator. */
const PLAYGROUND_ADMIN = { login: 'admin', password: 'password' } as const;
const SECRET_MOUNT = '/svc-dev';
const PLUGIN_DIR = path.join(packageDir(), 'plugin');
/** The first run downloads the CLI and a WordPress: minutes on a slow line. */
const READY_TIMEOUT_MS = 10 * 60_000;

/** The blueprint: local environment, svc active, an application password written where svc reads it. */
export function playgroundBlueprint(): object {
  const code = [
    '<?php',
    "require '/wordpress/wp-load.php';",
    "$svc_created = WP_Application_Passwords::create_new_application_password( 1, array( 'name' => 'svc dev' ) );",
    `file_put_contents( '${SECRET_MOUNT}/app-password', is_wp_error( $svc_created ) ? 'error: ' . $svc_created->get_error_message() : $svc_created[0] );`,
  ].join('\n');
  return {
    steps: [
      { step: 'defineWpConfigConsts', consts: { WP_ENVIRONMENT_TYPE: 'local' } },
      { step: 'activatePlugin', pluginPath: 'svc/svc.php' },
      { step: 'runPHP', code },
    ],
  };
}

/** The npx command line, also shown to the person asked for consent. */
export function playgroundCommand(options: { port: number; blueprint: string; secretDir: string; pluginDir?: string }): string[] {
  return [
    'npx',
    '--yes',
    PLAYGROUND_PACKAGE,
    'server',
    `--port=${options.port}`,
    `--mount=${options.pluginDir ?? PLUGIN_DIR}:/wordpress/wp-content/plugins/svc`,
    `--mount=${options.secretDir}:${SECRET_MOUNT}`,
    `--blueprint=${options.blueprint}`,
  ];
}

export async function startPlaygroundSite(options: { label: string; npx: string }): Promise<LocalSite> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-playground-'));
  const blueprint = path.join(root, 'blueprint.json');
  writeFileSync(blueprint, JSON.stringify(playgroundBlueprint(), null, 2));
  const secretFile = path.join(root, 'app-password');
  const log = path.join(root, 'playground.log');
  const port = await findFreePort();
  const [, ...args] = playgroundCommand({ port, blueprint, secretDir: root });
  const output = openSync(log, 'a');
  // Own process group: npx and the node it starts go together, and a terminal's Ctrl-C reaches us first.
  const child = spawn(options.npx, args, { detached: true, stdio: ['ignore', output, output] });
  closeSync(output);
  child.unref();
  if (child.pid === undefined) throw new Error('Could not start npx');
  const pgid = child.pid;
  const watchdog = startWatchdog('kill -KILL "-$1" 2>/dev/null; rm -rf -- "$2"', [String(pgid), root]);
  let stopping: Promise<void> | undefined;
  const removeAll = (): void => {
    signalGroup(watchdog, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
    untrack();
  };
  const untrack = trackForCleanup(
    {
      stop: () => (stopping ??= stopGroup(pgid, 3000).then(removeAll)),
      killNow: () => {
        signalGroup(pgid, 'SIGKILL');
        removeAll();
      },
    },
    { signals: false },
  );
  const stop = (): Promise<void> => (stopping ??= stopGroup(pgid, 3000).then(removeAll));

  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  void exitOf(child).then(() => (exited = true));
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exited) throw new Error(`WordPress Playground exited during start-up:\n${tailFile(log)}`);
      if (existsSync(secretFile) && (await probeReady(`${url}/wp-json/`)) === null) break;
      if (Date.now() > deadline) throw new Error(`WordPress Playground did not answer within ${READY_TIMEOUT_MS / 60_000} minutes:\n${tailFile(log)}`);
      await sleep(500);
    }
    const appPassword = readFileSync(secretFile, 'utf8').trim();
    if (appPassword.startsWith('error: ')) throw new Error(`WordPress Playground could not create an application password: ${appPassword.slice(7)}`);
    return { url, runtime: options.label, admin: PLAYGROUND_ADMIN, appPassword, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
