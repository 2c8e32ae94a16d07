/**
 * svc as a person meets it (issue 9): in a real terminal (a pty through util-linux `script`) and
 * piped, against a real WordPress. Warnings and [PUBLIC] marks come before the question, Ctrl-C
 * exits 130 wherever it is pressed, a closed pipe ends svc quietly, diffs are real, and a pushed
 * file the site cannot load is a failure. The tests run in order and build on each other's state.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { removeRoute, routeSource, writeRoute } from './helpers/files.js';
import { REPO_ROOT, type PackedCli } from './helpers/packed-cli.js';
import type { SvcRunner } from './helpers/run-svc.js';
import { closeTerminals, inTerminal, screenText } from './helpers/terminal.js';
import { screenOf } from './helpers/tmux.js';

jest.setTimeout(120_000);

let site: WordPressSite;
let cli: PackedCli;
let svc: SvcRunner;
let project: string;
let apiDir: string;
let env: Record<string, string>;

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('tui', { examples: true });
  ({ site, cli, svc, project, apiDir, env } = bench);
}, 300_000);

afterAll(async () => {
  closeTerminals();
  await bench?.stop();
});

const run = (...args: string[]) => svc(args, { env });
/** 120 columns: the warnings are one line each, as in a wide terminal. */
const terminal = (args: string[], options: { columns?: number; env?: Record<string, string> } = {}) =>
  inTerminal(cli.bin, args, { cwd: project, env: { ...env, ...options.env }, home: svc.home, columns: options.columns ?? 120 });

const deployed = async (): Promise<string[]> => {
  const result = await run('api', 'list', '--json');
  expect(result).toMatchObject({ code: 0 });
  return (JSON.parse(result.stdout) as { slug: string }[]).map((record) => record.slug);
};

describe('the push question', () => {
  it('comes after the [PUBLIC] marks and warnings, defaults to No when the push opens a route, and d shows the diff', async () => {
    const push = terminal(['api', 'push']);
    await push.waitFor(/Push 3 files\? \(y\/N\) · d: show the diff/);
    const screen = screenText(push.output());
    const question = screen.indexOf('Push 3 files?');
    expect(screen).toMatch(/\+ hello\.php\s+new {2}\[PUBLIC\] GET \(newly open to anyone\)/);
    const warning = screen.indexOf('⚠ [PUBLIC] /svc-api/v1/hello (hello.php): GET runs for anyone, without authentication.');
    expect(warning).toBeGreaterThan(-1);
    expect(warning).toBeLessThan(question);
    push.write('d');
    await push.waitFor(/\+\+\+ api\/hello\.php/);
    expect(screenText(push.output())).toContain('--- /dev/null');
    push.write('\r');
    expect(await push.exit).toBe(1);
    expect(screenText(push.output())).toContain('Cancelled: nothing was pushed.');
    expect(await deployed()).toEqual([]);
  });

  it('Ctrl-C at the question exits 130 and says nothing was pushed', async () => {
    const push = terminal(['api', 'push']);
    await push.waitFor(/Push 3 files\?/);
    push.write('\u0003');
    expect(await push.exit).toBe(130);
    expect(screenText(push.output())).toContain('Interrupted: nothing was pushed.');
    expect(await deployed()).toEqual([]);
  });

  it('a push that opens no route asks with Yes as the default', async () => {
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    writeRoute(apiDir, 'closed.php', routeSource('Closed'));
    const push = terminal(['api', 'push']);
    await push.waitFor(/Push 1 file\? \(Y\/n\)/);
    push.write('\u0003');
    expect(await push.exit).toBe(130);
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
  });

  it('changing a closed route into a public one is marked as opening it, and the default is No', async () => {
    writeRoute(apiDir, 'closed.php', routeSource('Closed', { open: true }));
    const push = terminal(['api', 'push']);
    await push.waitFor(/Push 1 file\? \(y\/N\)/);
    expect(screenText(push.output())).toMatch(/~ closed\.php\s+changed {2}\+1 −0 {2}\[PUBLIC\] GET \(newly open to anyone\)/);
    push.write('y');
    expect(await push.exit).toBe(0);
    expect(screenText(push.output())).toContain('pushed 1 file (1 changed)');
  });
});

describe('the promote question', () => {
  it('comes after the plan\'s [PUBLIC] marks and the warning, and defaults to No when the promote opens a route', async () => {
    writeRoute(apiDir, 'opened.php', routeSource('Opened', { open: true }));
    try {
      await promoteOpened();
    } finally {
      // The tests after this one count the project's routes: as they were, whatever happened here.
      removeRoute(apiDir, 'opened.php');
      expect(await run('api', 'rm', 'opened', '--yes')).toMatchObject({ code: expect.any(Number) });
    }
  });
});

/** Pushes opened.php as a preview, declines its promote (the default), then promotes it. */
async function promoteOpened(): Promise<void> {
  const pushed = await run('api', 'push', '--preview', '--message', 'open it', '--json');
  expect(pushed).toMatchObject({ code: 0 });
  const id = String((JSON.parse(pushed.stdout) as { release: { id: number } }).release.id);
  const cancelled = terminal(['api', 'promote', id]);
  await cancelled.waitFor(/\(y\/N\)/);
  const screen = screenText(cancelled.output());
  expect(screen).toContain(`Promote preview ${id} on`);
  expect(screen).toContain('“open it”');
  expect(screen).toMatch(/\+ opened\.php\s+new {2}\[PUBLIC\] GET \(newly open to anyone\)/);
  const warning = screen.indexOf('⚠ [PUBLIC] /svc-api/v1/opened (opened.php): GET');
  expect(warning).toBeGreaterThan(-1);
  expect(warning).toBeLessThan(screen.indexOf(`Promote preview ${id} on ${site.url}, changing`));
  cancelled.write('\r');
  expect(await cancelled.exit).toBe(1);
  expect(screenText(cancelled.output())).toContain('nothing was promoted');
  expect(await deployed()).not.toContain('opened');

  const promote = terminal(['api', 'promote', id]);
  await promote.waitFor(/\(y\/N\)/);
  promote.write('y');
  expect(await promote.exit).toBe(0);
  expect(screenText(promote.output())).toContain(`promoted preview ${id}`);
  expect(await deployed()).toContain('opened');
}

describe('svc api diff', () => {
  it('with nothing different says so', async () => {
    const result = await run('api', 'diff');
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain(`No differences: api/ matches ${site.url}.`);
  });

  it('prints a plain unified diff when piped, the same file however it is named', async () => {
    const hello = path.join(apiDir, 'hello.php');
    writeRoute(apiDir, 'hello.php', readFileSync(hello, 'utf8').replace("'Hello, %s!'", "'Hi, %s!'"));
    for (const name of ['hello', 'hello.php', 'api/hello.php', '/svc-api/v1/hello']) {
      const result = await run('api', 'diff', name);
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toMatch(/^--- site\/hello\.php\n\+\+\+ api\/hello\.php\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
      expect(result.stdout).toMatch(/^-.*'Hello, %s!'/m);
      expect(result.stdout).toMatch(/^\+.*'Hi, %s!'/m);
      // eslint-disable-next-line no-control-regex
      expect(result.stdout).not.toMatch(/\u001B\[/);
      expect(result.stderr).toContain('1 file differs: 1 changed (+1 −1 lines).');
    }
  });

  it('--json gives each file with its line counts and hunks', async () => {
    const result = await run('api', 'diff', '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const body = JSON.parse(result.stdout) as { site: string; files: { slug: string; status: string; linesAdded: number; linesRemoved: number; hunks: { lines: string[] }[] }[] };
    expect(body.site).toBe(site.url);
    expect(body.files.map((file) => [file.slug, file.status, file.linesAdded, file.linesRemoved])).toEqual([['hello', 'changed', 1, 1]]);
    expect(body.files[0]?.hunks[0]?.lines.filter((line) => line.startsWith('+'))).toEqual([expect.stringContaining("'Hi, %s!'")]);
  });

  it('is coloured in a terminal', async () => {
    const diff = terminal(['api', 'diff']);
    expect(await diff.exit).toBe(0);
    // eslint-disable-next-line no-control-regex -- the escape code of a terminal colour is the point
    expect(diff.output()).toMatch(/\u001B\[3\dm-/);
    expect(screenText(diff.output())).toContain('+++ api/hello.php');
  });

  it('the push plan counts the changed lines', async () => {
    const result = await run('api', 'push', '--dry-run');
    expect(result.stdout).toMatch(/~ hello\.php\s+changed {2}\+1 −1 {2}\[PUBLIC\] GET$/m);
  });

  it('a name that is neither local nor on the site is an error naming it', async () => {
    const result = await run('api', 'diff', 'nope', '/svc-api/v1/hello');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`Neither in api/ nor on ${site.url}: nope.`);
  });
});

describe('a pushed file the site cannot load', () => {
  const orphan = (className: string) => routeSource(className).replace(`final class ${className} {`, `final class ${className} extends NoSuchParentClass {`);

  it('is named with its reason and the push exits 1', async () => {
    writeRoute(apiDir, 'orphan.php', orphan('Orphan'));
    const result = await run('api', 'push', '--yes');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stdout).toMatch(/⚠ .*pushed 2 files/);
    expect(result.stderr).toContain('1 pushed file failed to load on the site; its route is not served.');
    expect(result.stderr).toMatch(/api\/orphan\.php: .*NoSuchParentClass/);
  });

  it('--json carries the load errors', async () => {
    writeRoute(apiDir, 'orphan-two.php', orphan('OrphanTwo'));
    const result = await run('api', 'push', '--yes', '--json');
    expect(result).toMatchObject({ code: 1 });
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({
      written: ['orphan-two'],
      loadErrors: [{ slug: 'orphan-two', message: expect.stringContaining('NoSuchParentClass') }],
      code: 'load_failed',
      exitCode: 1,
    });
  });

  it('rm takes the file path or the route as the slug', async () => {
    rmSync(path.join(apiDir, 'orphan.php'));
    rmSync(path.join(apiDir, 'orphan-two.php'));
    expect(await run('api', 'rm', 'api/orphan.php', '--yes')).toMatchObject({ code: 0 });
    expect(await run('api', 'rm', '/svc-api/v1/orphan-two', '--yes')).toMatchObject({ code: 0 });
    expect(await deployed()).not.toContain('orphan');
  });
});

describe('a closed pipe', () => {
  /** svc with its stdout closed by the reader before it writes, as `| head -0` does. */
  const closedPipe = (args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(cli.bin, args, { cwd: project, env: { ...env, PATH: process.env['PATH'] ?? '', HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config') }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });

  it.each([
    [['--help']],
    [['api', 'list', '--json']],
    [['api', 'list']],
    [['api', 'diff']],
    [['api', 'releases', '--json']],
    [['api', 'push', '--dry-run']],
    [['api', 'push', '--json', '--yes']],
  ])('ends svc %j quietly', async (args) => {
    const result = await closedPipe(args);
    expect(result.stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:\d+/);
    expect(result.code).toBe(0);
  });
});

describe('the login form', () => {
  it('takes a pasted line per field, asks again for a refused password only, and logs in', async () => {
    const login = terminal(['login', '--site', 'tui-login']);
    await login.waitFor(/› Site URL/);
    login.write(`${site.url}\radmin\r`);
    await login.waitFor(/› Application password/);
    login.write('wrong password\r');
    await login.waitFor(/Esc: clear the message/);
    const refused = screenText(login.output());
    expect(refused.slice(refused.lastIndexOf('Log in to'))).toMatch(/Site URL\s+http:\/\/127\.0\.0\.1:\d+[\s\S]*User name\s+admin[\s\S]*› Application password/);
    login.write(`${site.users.admin.appPassword}\r`);
    // No keychain here (no D-Bus session): svc says why and offers the private file.
    await login.waitFor(/there is no D-Bus session bus[\s\S]*Keep the application\s+password in/);
    login.write('y');
    expect(await login.exit).toBe(0);
    expect(screenText(login.output())).toContain(`Logged in to ${site.url} as admin.`);
  });
});

describe('Ctrl-C', () => {
  let proxy: Server | undefined;

  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())));
  });

  /** A proxy to the site that holds the release commit, so a push is surely in flight. */
  async function holdingProxy(onHeld: () => void): Promise<string> {
    const upstream = new URL(site.url);
    proxy = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
      const url = incoming.url ?? '/';
      if (incoming.method === 'POST' && /api-releases/.test(decodeURIComponent(url))) {
        onHeld();
        return; // never answered
      }
      const forwarded = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path: url, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }

  it('during a push exits 130 and says what may have happened', async () => {
    writeRoute(apiDir, 'slow.php', routeSource('Slow'));
    let held: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (held = resolve));
    const url = await holdingProxy(() => held());
    const child = spawn(cli.bin, ['api', 'push', '--yes'], {
      cwd: project,
      env: { ...env, SVC_URL: url, PATH: process.env['PATH'] ?? '', HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await inFlight;
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    expect(stderr).toContain('Interrupted: the site may have completed the push; `svc api push --dry-run` shows where it stands.');
  });

  it.each([
    ['the list', ['api', 'list'], /Routes on/],
    ['the login form', ['login'], /Site URL/],
  ])('in %s exits 130', async (_name, args, ready) => {
    const view = terminal(args);
    await view.waitFor(ready);
    view.write('\u0003');
    expect(await view.exit).toBe(130);
  });
});

describe('screens (tmux panes at 80 and 40 columns, written to artifacts/screens/)', () => {
  const screens = path.join(REPO_ROOT, 'artifacts', 'screens');
  const capture = async (name: string, columns: number, args: string[], until: RegExp, then: string[] = [], rows = 24, extraEnv: Record<string, string> = {}) => {
    const screen = await screenOf(cli.bin, args, { cwd: project, env: { ...env, ...extraEnv }, home: svc.home, columns, rows, until, then });
    mkdirSync(screens, { recursive: true });
    writeFileSync(path.join(screens, `${name}-${columns}.txt`), `${screen.text}\n`);
    return screen;
  };

  it.each([80, 40])('the list at %i columns: one line per route, badges kept, nothing wider than the terminal', async (columns) => {
    const screen = await capture('list', columns, ['api', 'list'], /Routes on[\s\S]*› /, ['q']);
    expect(Math.max(...screen.lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
    expect(screen.lines.find((line) => line.includes('/hello'))).toContain('[PUBLIC]');
    expect(screen.lines.filter((line) => /^[› ] (\/|…)/.test(line))).toHaveLength(4);
    if (columns === 80) expect(screen.text).toContain('METHODS');
  });

  it('the list follows a resize from 100 to 40 columns, leaving no stray lines', async () => {
    const screen = await screenOf(cli.bin, ['api', 'list'], {
      cwd: project,
      env,
      home: svc.home,
      columns: 100,
      until: /METHODS/,
      resizeTo: 40,
      afterResize: /^ {2}ROUTE\s*$/m,
      then: ['q'],
    });
    mkdirSync(screens, { recursive: true });
    writeFileSync(path.join(screens, 'list-resized-100-to-40.txt'), `${screen.text}\n`);
    expect(Math.max(...screen.lines.map((line) => [...line].length))).toBeLessThanOrEqual(40);
    expect(screen.text).not.toContain('METHODS');
    expect(screen.lines.filter((line) => line.startsWith('Routes on'))).toHaveLength(1);
    expect(screen.lines.find((line) => line.includes('/hello'))).toContain('[PUBLIC]');
  });

  beforeAll(() => {
    // A changed file for the plan and the diff to show.
    const hello = path.join(apiDir, 'hello.php');
    writeRoute(apiDir, 'hello.php', readFileSync(hello, 'utf8').replace("'Hi, %s!'", "'Hey, %s!'").replace('final class Hello {', 'final class Hello {\n\t// Greets.'));
  });

  it.each([80, 40])('the push plan and question at %i columns', async (columns) => {
    const screen = await capture('push-plan', columns, ['api', 'push'], /\(y\/N\)|\(Y\/n\)/, ['n']);
    expect(screen.text).toContain('Push api/');
    expect(screen.text).toMatch(/~ hello\.php/);
    expect(screen.text).toMatch(/\+2 −1/);
  });

  it.each([80, 40])('the diff at %i columns', async (columns) => {
    const screen = await capture('diff', columns, ['api', 'diff', 'hello'], /\[exit \d+\]/, [], 60);
    expect(screen.text).toContain('--- site/hello.php');
    // Long lines wrap at the terminal's edge, as a terminal wraps them: no word-wrapped fragments.
    // (Joined again, the rows give the line back whole, every space kept.)
    expect(screen.text.replace(/\n/g, '')).toContain("sprintf( 'Hey, %s!', $request->get_param( 'name' ) ) );");
    expect(screen.text).toContain('[exit 0]');
  });

  it('a push the site refuses ends its progress lines above the error', async () => {
    writeRoute(apiDir, 'broken.php', routeSource('Broken', { body: "\tpublic function get(): array { return array( 'x' => ; }" }));
    try {
      // A PHP here that accepts the file (as a newer one accepts newer syntax) leaves it to the site.
      const screen = await capture('push-refused', 120, ['api', 'push', '--yes'], /\[exit \d+\]/, [], 24, { SVC_PHP: 'true' });
      expect(screen.text).toContain('✖ Error: The site rejected the push; nothing was written.');
      expect(screen.text).toContain('The site refused the push; nothing was activated.');
      expect(screen.text).not.toContain('Uploading');
      expect(screen.text).not.toContain('is checking');
      expect(screen.text).toContain('[exit 1]');
    } finally {
      rmSync(path.join(apiDir, 'broken.php'));
    }
  });
});

describe('a key pressed the instant a question appears counts (issue 30)', () => {
  /** svc in a terminal, `keys` written in the same tick the output first matches `question`. */
  const answerAtOnce = async (args: string[], question: RegExp, keys: string): Promise<{ code: number | null; screen: string }> => {
    const asked = terminal(args);
    await asked.waitFor(question);
    asked.write(keys);
    const code = await asked.exit;
    return { code, screen: screenText(asked.output()) };
  };

  it('svc api rm: Enter, five times in a row, takes the default (no); then y removes', async () => {
    const pushed = await site.fetch('/svc/v1/api-files', { method: 'POST', json: { files: [{ filename: 'instant', content: routeSource('Instant') }] } });
    expect(pushed.status).toBe(200);
    for (let run = 0; run < 5; run++) {
      const enter = await answerAtOnce(['api', 'rm', 'instant'], /\(y\/N\)/, '\r');
      expect(enter).toMatchObject({ code: 1, screen: expect.stringContaining('nothing was removed') });
    }
    expect(await deployed()).toContain('instant');
    const yes = await answerAtOnce(['api', 'rm', 'instant'], /\(y\/N\)/, 'y');
    expect(yes.code).toBe(0);
    expect(await deployed()).not.toContain('instant');
  });

  it('svc api promote: Enter, four times in a row, takes the default (no, it opens a route); then y promotes', async () => {
    writeRoute(apiDir, 'instant-open.php', routeSource('InstantOpen', { open: true }));
    try {
      const pushed = await run('api', 'push', '--preview', '--json');
      expect(pushed).toMatchObject({ code: 0 });
      const id = String((JSON.parse(pushed.stdout) as { release: { id: number } }).release.id);
      for (let run = 0; run < 4; run++) {
        const enter = await answerAtOnce(['api', 'promote', id], /\(y\/N\)/, '\r');
        expect(enter).toMatchObject({ code: 1, screen: expect.stringContaining('nothing was promoted') });
      }
      expect(await deployed()).not.toContain('instant-open');
      const yes = await answerAtOnce(['api', 'promote', id], /\(y\/N\)/, 'y');
      expect(yes).toMatchObject({ code: 0, screen: expect.stringContaining(`promoted preview ${id}`) });
      expect(await deployed()).toContain('instant-open');
    } finally {
      removeRoute(apiDir, 'instant-open.php');
      await run('api', 'rm', 'instant-open', '--yes');
    }
  });

  it('a text prompt (svc secrets set): the value and Enter typed as it appears are set, three times in a row', async () => {
    try {
      for (let run = 0; run < 3; run++) {
        const set = await answerAtOnce(['secrets', 'set', 'TUI_INSTANT'], /Set secret TUI_INSTANT/, `value-${run}\r`);
        expect(set.code).toBe(0);
      }
      const listed = await run('secrets', 'list', '--json');
      expect(JSON.parse(listed.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'TUI_INSTANT' })]));
    } finally {
      await run('secrets', 'rm', 'TUI_INSTANT', '--yes');
    }
  });
});
