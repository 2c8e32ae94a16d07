/**
 * No silent success, with the installed svc: whatever escapes a command ends the run with what
 * went wrong and a non-zero exit code. The failures are real runs of real commands; what makes
 * them fail is loaded into the process with NODE_OPTIONS=--import (helpers/preload/), so no
 * fake command ships with svc:
 * - work that never settles: a site that accepts the connection and never answers, with sockets
 *   that do not keep the process alive (the event loop empties while `svc api list` still waits:
 *   Node on its own exits 0 having printed nothing);
 * - a rejection nobody awaited, an exception thrown outside the command's promise chain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { FakeSite, PASSWORD, USER } from '../fakes/fake-site.js';
import { packedCli } from './helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(120_000);

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'preload');
const preload = (name: string): string => `--import ${path.join(PRELOAD, name)}`;

let svc: SvcRunner;
let project: string;
/** Accepts connections and never answers. */
let silent: Server;
const held: Socket[] = [];
let silentUrl = '';
const site = new FakeSite();

beforeAll(async () => {
  silent = createServer((socket) => held.push(socket));
  await Promise.all([new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)), site.start()]);
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  project = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-guard-'));
  svc = svcRunner((await packedCli()).bin, project);
}, 300_000);

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([new Promise((resolve) => silent?.close(resolve)), site.stop()]);
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
  if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
});

const credentials = (url: string) => ({ SVC_URL: url, SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD });

describe('work that never settles', () => {
  it('ends with an error and exit 1, not with exit 0 and nothing printed', async () => {
    const result = await svc(['api', 'list'], { env: { ...credentials(silentUrl), NODE_OPTIONS: preload('unref-sockets.mjs') } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'Unexpected error: svc api list stopped before it finished: its work was left waiting for something that can no longer happen, so nothing it did is confirmed.',
    );
    expect(result.stderr).toContain('This is a bug in svc.');
  });

  it('with --json: the error document', async () => {
    const result = await svc(['api', 'list', '--json'], { env: { ...credentials(silentUrl), NODE_OPTIONS: preload('unref-sockets.mjs') } });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'bug', exitCode: 1, error: expect.stringContaining('svc api list stopped before it finished') });
  });
});

describe('a failure outside the command\'s promise chain', () => {
  it.each([
    ['a rejection nobody awaited', 'rejection'],
    ['an exception thrown in a callback', 'exception'],
  ])('%s is reported the way svc reports failures, and the run fails', async (_case, kind) => {
    // The site answers after a while, so the injected failure comes while the command is under way.
    site.handler = (request) => ({ ...site.answer(request), delayMs: 1000 });
    try {
      const env = { ...credentials(site.url), NODE_OPTIONS: preload('escape.mjs'), SVC_TEST_ESCAPE: kind, SVC_TEST_ESCAPE_AFTER_MS: '200' };
      const text = await svc(['api', 'list'], { env });
      expect(text.code).toBe(1);
      expect(text.stderr).toMatch(/^✖ Error: Unexpected error: injected: nobody awaited this\n/);
      // svc's report, not Node's stack trace.
      expect(text.stderr).not.toMatch(/\n\s+at /);
      const json = await svc(['api', 'list', '--json'], { env });
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ code: 'bug', exitCode: 1, error: 'Unexpected error: injected: nobody awaited this' });
    } finally {
      site.reset();
    }
  });

  it('a command\'s own SvcError that escaped is shown as svc shows it: message, hint, code', async () => {
    site.handler = (request) => ({ ...site.answer(request), delayMs: 1000 });
    try {
      const env = { ...credentials(site.url), NODE_OPTIONS: preload('escape.mjs'), SVC_TEST_ESCAPE: 'svc-error', SVC_TEST_ESCAPE_AFTER_MS: '200' };
      const text = await svc(['api', 'list'], { env });
      expect(text.code).toBe(1);
      expect(text.stderr).toContain('The site refused the request (403).');
      expect(text.stderr).toContain('Log in as an administrator.');
      expect(text.stderr).not.toContain('Unexpected error');
      const json = await svc(['api', 'list', '--json'], { env });
      expect(JSON.parse(json.stdout)).toMatchObject({ code: 'forbidden', status: 403, hint: 'Log in as an administrator.', exitCode: 1 });
    } finally {
      site.reset();
    }
  });
});
