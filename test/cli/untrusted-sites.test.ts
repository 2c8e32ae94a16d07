/**
 * What a site sends is untrusted input: the installed svc against fake sites started here that lie.
 * One redirects elsewhere (another port, another host name, https to http): the password never
 * reaches the other address, at login or later. Others answer without end, with a gzip bomb, with
 * a Content-Length of gigabytes, with garbage: svc stops at the request's cap with its memory flat
 * (measured: the kernel's peak RSS of the svc process), and says what came back.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';

import { unsafeControls } from '../../source/core/terminal-text.js';
import { requireExecutable } from '../../source/local-site/packages.js';
import { FakeSite, PASSWORD, USER } from '../fakes/fake-site.js';
import { endlessListing, flood, GB, gzipBomb, MB, type Flood } from '../fakes/hostile-answers.js';
import { routeSource, writeRoute } from './helpers/files.js';
import { packedCli } from './helpers/packed-cli.js';
import { svcRunner, type SvcResult, type SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(120_000);

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'preload');
/** Memory svc may use whatever a site sends (the issue's bound for a 6 GB answer). */
const MEMORY_BOUND = 300 * MB;

const site = new FakeSite();
const elsewhere = new FakeSite();
let svc: SvcRunner;
let project: string;
let tls: { server: HttpsServer; url: string; ca: string } | undefined;

beforeAll(async () => {
  const [packed] = await Promise.all([packedCli(), site.start(), elsewhere.start()]);
  project = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-untrusted-'));
  writeRoute(path.join(project, 'api'), 'ping.php', routeSource('Ping'));
  svc = svcRunner(packed.bin, project);
  tls = await startRedirectingHttps(project, site);
}, 300_000);

afterAll(async () => {
  await Promise.all([site.stop(), elsewhere.stop(), tls === undefined ? undefined : new Promise((resolve) => tls?.server.close(resolve))]);
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
  if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
});

beforeEach(() => {
  site.reset();
  elsewhere.reset();
});

/** An https site (self-signed, trusted by svc through NODE_EXTRA_CA_CERTS) that sends everything to `target` over http. */
async function startRedirectingHttps(dir: string, target: FakeSite): Promise<{ server: HttpsServer; url: string; ca: string }> {
  const key = path.join(dir, 'key.pem');
  const ca = path.join(dir, 'cert.pem');
  execFileSync(requireExecutable('openssl'), ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', ca], { stdio: 'ignore' });
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(ca) }, (request, response) => {
    response.writeHead(301, { location: `${target.url}${request.url ?? '/'}` });
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca };
}

const login = (url: string, extra: string[] = [], env: Record<string, string> = {}): Promise<SvcResult> =>
  svc(['login', '--url', url, '--user', USER, '--password-stdin', '--insecure-store', ...extra], { input: `${PASSWORD}\n`, env });

/** Every request any fake site got, with the password: must stay empty except on the site's own origin. */
const authorizedAt = (fake: FakeSite): number => fake.arrived.filter((request) => request.authorization !== undefined).length;

const hash = (content: string): string => createHash('sha256').update(content).digest('hex');

const configFile = (): string => path.join(svc.home, '.config', 'svc', 'config.json');

describe('the password stays with the origin the user named', () => {
  it('svc login refuses a site whose REST API redirects to another port, names it and how to log in there, and sends it nothing', async () => {
    site.redirects.set('/wp-json/svc/v1', `${elsewhere.url}/wp-json/svc/v1`);
    const result = await login(site.url);
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`${site.url} redirected GET /wp-json/svc/v1 to ${elsewhere.url}/wp-json/svc/v1: another port (${new URL(elsewhere.url).port}).`);
    expect(result.stderr).toContain('svc sends the application password only to the address you logged in with');
    expect(result.stderr).toContain(`svc login --url ${elsewhere.url}`);
    expect(result.stdout).not.toContain('Logged in');
    expect(elsewhere.arrived).toEqual([]);
    expect(authorizedAt(site)).toBe(0);
    expect(existsSync(configFile())).toBe(false);
  });

  it('the same with --json: the error document, code "redirected"', async () => {
    site.redirects.set('/wp-json/svc/v1', `http://localhost:${new URL(site.url).port}/wp-json/svc/v1`);
    const result = await login(site.url, ['--json']);
    expect(result).toMatchObject({ code: 1 });
    const error = JSON.parse(result.stdout) as { code: string; status: number; error: string; hint: string };
    expect(error).toMatchObject({ code: 'redirected', status: 301, exitCode: 1 });
    expect(error.error).toContain(': another host (localhost).');
    expect(error.hint).toContain(`svc login --url http://localhost:${new URL(site.url).port}`);
    // The same server under another name got nothing: every request it saw used the name given.
    expect(site.arrived.every((request) => request.host === new URL(site.url).host)).toBe(true);
    expect(authorizedAt(site)).toBe(0);
  });

  it('an https site that redirects to http: refused, the password never travels in clear text', async () => {
    if (tls === undefined) throw new Error('no https site');
    const result = await login(tls.url, [], { NODE_EXTRA_CA_CERTS: tls.ca });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`${tls.url} redirected GET /wp-json/svc/v1 to ${site.url}/wp-json/svc/v1: from https to http, another port`);
    expect(result.stderr).toContain('Over http the password would travel unencrypted');
    expect(result.stderr).toContain(`svc login --url ${site.url}`);
    // The http site, which would have taken the password, saw nothing at all.
    expect(site.arrived).toEqual([]);
    expect(existsSync(configFile())).toBe(false);
  });

  describe('with stored credentials, later commands', () => {
    beforeAll(async () => {
      site.reset();
      const result = await login(site.url, ['--site', 'fake']);
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain(`Logged in to ${site.url} as ${USER}.`);
      expect(result.stdout).toContain(`Its REST API is at ${site.url}/wp-json/; the password goes to no other address.`);
    });

    it.each([
      [['api', 'list']],
      [['api', 'push', '--yes']],
      [['api', 'pull', '--yes']],
      [['api', 'releases']],
      [['api', 'logs']],
      [['doctor']],
    ])('svc %j stops at a discovery redirect to another origin, which gets nothing', async (args) => {
      site.redirects.set('/wp-json/svc/v1', `${elsewhere.url}/wp-json/svc/v1`);
      site.redirects.set('/', `${elsewhere.url}/?rest_route=/svc/v1`);
      const result = await svc([...args, '--site', 'fake']);
      expect(result.code).toBe(1);
      expect(result.output).toContain(`redirected GET /wp-json/svc/v1 to ${elsewhere.url}/wp-json/svc/v1: another port`);
      expect(result.output).toContain(`svc login --url ${elsewhere.url}`);
      expect(elsewhere.arrived).toEqual([]);
      expect(authorizedAt(site)).toBe(0);
    });

    it('a credentialed call answered with a redirect to another origin is not followed', async () => {
      site.handler = (request) =>
        request.route === '/svc/v1/api-files' ? { status: 307, text: '', headers: { location: `${elsewhere.url}/wp-json/svc/v1/api-files?content=false` } } : site.answer(request);
      const result = await svc(['api', 'list', '--json', '--site', 'fake']);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ code: 'redirected', status: 307 });
      expect(elsewhere.arrived).toEqual([]);
    });

    it('SVC_URL, SVC_USER and SVC_APP_PASSWORD (CI) hold to the same rule', async () => {
      const env = { SVC_URL: site.url, SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD };
      expect((await svc(['api', 'list'], { env })).code).toBe(0);
      site.redirects.set('/wp-json/svc/v1', `${elsewhere.url}/wp-json/svc/v1`);
      // The REST root found on this origin is remembered: the next command goes there, asks nothing
      // of the redirected probe, and the other origin still gets nothing.
      expect(readFileSync(path.join(svc.home, '.config', 'svc', 'rest-roots.json'), 'utf8')).toContain(`${site.url}/wp-json/`);
      expect((await svc(['api', 'list'], { env })).code).toBe(0);
      expect(elsewhere.arrived).toEqual([]);
      // Forgotten, it is found again, and discovery stops at the redirect.
      rmSync(path.join(svc.home, '.config', 'svc', 'rest-roots.json'));
      const result = await svc(['api', 'list'], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`svc login --url ${elsewhere.url}`);
      expect(elsewhere.arrived).toEqual([]);
    });
  });
});

describe('answers are bounded, and memory stays flat whatever a site sends', () => {
  const env = { SVC_URL: '', SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD };

  /** svc with its peak memory measured. */
  const measured = async (args: string[]): Promise<SvcResult & { peak: number }> => {
    const peakFile = path.join(project, `peak-${Date.now()}`);
    const result = await svc(args, {
      env: { ...env, SVC_URL: site.url, NODE_OPTIONS: `--import ${path.join(PRELOAD, 'peak-memory.mjs')}`, SVC_TEST_PEAK_FILE: peakFile },
    });
    const peak = Number(readFileSync(peakFile, 'utf8'));
    rmSync(peakFile);
    return { ...result, peak };
  };

  const answerWith = (route: string, answer: Flood): void => {
    site.handler = (request) => (request.route === route ? { write: answer.write } : site.answer(request));
  };

  it('a listing without end: svc stops at its cap, says which request and how much, exits 1', async () => {
    const endless = endlessListing();
    answerWith('/svc/v1/api-files', endless);
    const result = await measured(['api', 'list', '--json']);
    expect(result.code).toBe(1);
    const error = JSON.parse(result.stdout) as { code: string; error: string };
    expect(error).toMatchObject({ code: 'answer_too_large', status: 200, exitCode: 1 });
    expect(error.error).toBe(
      "The site's answer to GET svc/v1/api-files (HTTP 200, application/json; charset=UTF-8) is over 20.0 MB; svc reads at most 20.0 MB of it, and stopped.",
    );
    await endless.done;
    // The site would have gone on for ever: svc closed the connection once past the cap.
    expect(endless.sent()).toBeLessThan(64 * MB);
    expect(result.peak).toBeLessThan(MEMORY_BOUND);
  });

  it('a gzip bomb of 64 GB: svc stops at the cap of the unpacked bytes, memory flat', async () => {
    // 64 MB sent would unpack to 64 GB.
    const bomb = gzipBomb(64 * GB);
    answerWith('/svc/v1/api-files', bomb);
    const result = await measured(['api', 'pull', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The site's answer to GET svc\/v1\/api-files \(HTTP 200, application\/json; charset=UTF-8\) unpacks \(gzip\) to over 52\.0 MB from \d+ KB sent; svc reads at most 52\.0 MB of it, and stopped\./);
    await bomb.done;
    // What the socket buffers held when svc hung up (a few MB on loopback), not the 64 MB of the bomb.
    expect(bomb.sent()).toBeLessThan(16 * MB);
    expect(result.peak).toBeLessThan(MEMORY_BOUND);
    // Nothing was written to api/ from a listing that never arrived.
    expect(readFileSync(path.join(project, 'api', 'ping.php'), 'utf8')).toBe(routeSource('Ping'));
  });

  it('an answer that says it is 6 GB long is not read at all', async () => {
    const huge = flood({ headers: { 'content-length': String(6 * GB) }, chunk: Buffer.alloc(64 * 1024, 0x20) });
    answerWith('/svc/v1/api-releases', huge);
    const result = await measured(['api', 'releases']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The site's answer to GET svc/v1/api-releases (HTTP 200, application/json; charset=UTF-8) is 6.0 GB (Content-Length); svc reads at most 16.0 MB of it, and stopped.");
    await huge.done;
    expect(huge.sent()).toBeLessThan(16 * MB);
    expect(result.peak).toBeLessThan(MEMORY_BOUND);
  });

  it('garbage with a status: says what came back, with its status and content type, not that the site cannot be reached', async () => {
    site.handler = (request) =>
      request.route === '/svc/v1/api-files' ? { status: 200, text: '\u0000\u00ff<html>garbage', headers: { 'content-type': 'text/html' } } : site.answer(request);
    const text = await svc(['api', 'list'], { env: { ...env, SVC_URL: site.url } });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain("The site's answer to GET svc/v1/api-files (HTTP 200, text/html) is not JSON.");
    expect(text.output).not.toContain('Cannot reach');
    const json = await svc(['api', 'list', '--json'], { env: { ...env, SVC_URL: site.url } });
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'bad_response', status: 200, exitCode: 1 });
  });

  it('an answer that breaks off midway says so, not that the site cannot be reached', async () => {
    site.handler = (request) =>
      request.route === '/svc/v1/api-files'
        ? {
            write: (response) => {
              response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
              response.write('[{"filename":"hello",');
              setTimeout(() => response.destroy(), 50);
            },
          }
        : site.answer(request);
    const result = await svc(['api', 'list'], { env: { ...env, SVC_URL: site.url } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The site's answer to GET svc/v1/api-files (HTTP 200, application/json) broke off after 21 bytes: the connection closed.");
    expect(result.output).not.toContain('Cannot reach');
  });
});

describe("a site's words are shown, never obeyed", () => {
  const env = { SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD };
  /** A window title, an OSC 52 clipboard write, a clear screen, a fake red line after CR, a bidi override. */
  const PAYLOAD = '\u001b]0;pwned\u0007\u001b]52;c;ZWNobyBldmls\u0007\u001b[2J\rok \u001b[31mall routes deleted\u001b[0m \u009b2J \u202egnp.exe';
  /** Every string a lying site could fill with words, poisoned. */
  const WORDY = new Set(['error', 'message', 'login', 'kind', 'reason', 'version', 'content']);
  const poison = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') return WORDY.has(key) ? `${value}${key === 'content' ? `\n// ${PAYLOAD}\n` : ` ${PAYLOAD}`}` : value;
    if (Array.isArray(value)) return value.map((item) => poison(item));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, poison(item, name)]));
    return value;
  };
  const rawControls = unsafeControls;

  beforeEach(() => {
    // Two releases: the first had an older ping, the active one has the site's ping and a broken file.
    const [older, ping, broken] = ['<?php\n// ping, as it was\n', "<?php\n// the site's ping\n", '<?php\n'];
    for (const content of [older, ping, broken]) site.blobs.set(hash(content), content);
    site.files = new Map([['ping', ping], ['broken', broken]]);
    site.releases.push(
      { id: 1, kind: 'push', files: new Map([['ping', hash(older)]]), plan: { added: ['ping'], changed: [], removed: [] }, rollbackOf: null },
      { id: 2, kind: 'push', files: new Map([['ping', hash(ping)], ['broken', hash(broken)]]), plan: { added: ['broken'], changed: ['ping'], removed: [] }, rollbackOf: null },
    );
    site.handler = (request) => {
      const reply = site.answer(request);
      const json = request.route === '/svc/v1/api-files' && Array.isArray(reply.json) ? reply.json.map((file) => ({ ...file, error: 'PHP Parse error' })) : reply.json;
      return { ...reply, json: poison(json) };
    };
  });

  it.each([
    [['api', 'list']],
    [['api', 'releases']],
    [['api', 'diff']],
    [['doctor']],
    [['api', 'rollback', '1', '--yes']],
  ])('svc %j', async (args) => {
    const result = await svc(args, { env: { ...env, SVC_URL: site.url } });
    expect(rawControls(result.output)).toEqual([]);
    expect(result.output).toContain('\\x1b]0;pwned\\x07');
  });

  it("a refusal's reason, in an error", async () => {
    site.deploy = { allowed: false, reason: `DISALLOW_FILE_MODS ${PAYLOAD}` };
    const result = await svc(['api', 'push', '--yes'], { env: { ...env, SVC_URL: site.url } });
    expect(result.code).toBe(1);
    expect(rawControls(result.output)).toEqual([]);
    expect(result.stderr).toContain('\\x1b]52;c;ZWNobyBldmls\\x07');
  });

  it('--json stays lossless: the words as the site sent them, escaped by JSON', async () => {
    const result = await svc(['api', 'list', '--json'], { env: { ...env, SVC_URL: site.url } });
    expect(JSON.parse(result.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ error: `PHP Parse error ${PAYLOAD}` })]));
  });
});

describe('a preview token and the curl line svc suggests', () => {
  const env = { SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD };
  const TOKEN = `svcp_${'5e'.repeat(32)}`;
  /** A commit answer carrying this token, its routes at this path. */
  const previewAnswer = (token: string, routePath?: string): void => {
    site.handler = (request) => {
      const reply = site.answer(request);
      if (request.method !== 'POST' || request.route !== '/svc/v1/api-releases' || (request.body as { dry_run?: boolean }).dry_run === true) return reply;
      const json = reply.json as { written?: { path: string }[] };
      const written = routePath === undefined ? json.written : json.written?.map((file) => ({ ...file, path: routePath }));
      return { ...reply, json: { ...json, written, preview: { token } } };
    };
  };

  it('a token in svc\'s format prints as lines, and the route path the site chose is quoted in the curl line', async () => {
    previewAnswer(TOKEN, '/svc-api/v1/ping$(touch${IFS}x)');
    const result = await svc(['api', 'push', '--preview', '--yes'], { env: { ...env, SVC_URL: site.url } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`):\n  ${TOKEN}\nTry it: curl -H 'X-Svc-Preview: ${TOKEN}' '${site.url}/wp-json/svc-api/v1/ping$(touch\${IFS}x)'\nMake it active: svc api promote `);
    expect(result.output).not.toContain('\\x0a');
  });

  it.each([['svcp_$(touch${IFS}x)'], [`${TOKEN}\n$(touch x)`], [`svcp_${'5e'.repeat(31)}`]])('a token that is not svc\'s (%j) is an answer svc did not expect, printed nowhere', async (token) => {
    previewAnswer(token);
    const result = await svc(['api', 'push', '--preview', '--yes'], { env: { ...env, SVC_URL: site.url } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not what svc expects');
    expect(result.output).not.toContain('touch');
    expect(result.output).not.toContain('curl');
    // The site took the first push: a fresh one, for --json to push again.
    site.reset();
    previewAnswer(token);
    const json = await svc(['api', 'push', '--preview', '--yes', '--json'], { env: { ...env, SVC_URL: site.url } });
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'bad_response', exitCode: 1 });
    expect(json.stdout).not.toContain('touch');
  });
});

describe('--json escapes what JSON.stringify leaves raw', () => {
  it('C1 controls and U+2028/U+2029 in a site\'s words are \\u escapes: the same JSON value, nothing a terminal acts on', async () => {
    const words = 'broken \u009b2J \u0085 \u2028\u2029';
    site.files = new Map([['ping', '<?php\n']]);
    site.handler = (request) => {
      const reply = site.answer(request);
      return request.route === '/svc/v1/api-files' && Array.isArray(reply.json) ? { ...reply, json: reply.json.map((file) => ({ ...file, error: words })) } : reply;
    };
    const result = await svc(['api', 'list', '--json'], { env: { SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD, SVC_URL: site.url } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
    expect(result.stdout).toContain('"broken \\u009b2J \\u0085 \\u2028\\u2029"');
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining({ error: words })]);
  });
});

describe('svc api push checks the files before it asks the site', () => {
  it('with the site unreachable, a file with a syntax error is named together with why the site was not reached', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-untrusted-broken-'));
    try {
      writeRoute(path.join(broken, 'api'), 'ping.php', routeSource('Ping'));
      writeRoute(path.join(broken, 'api'), 'broken.php', '<?php\ndeclare(strict_types=1);\nclass Broken { public function get() { return [ } }\n');
      // Port 1 on the loopback: nothing listens, the connection is refused at once.
      const unreachable = { SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD, SVC_URL: 'http://127.0.0.1:1' };
      const result = await svc(['api', 'push', '--yes'], { cwd: broken, env: unreachable });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('1 file in api/ failed the local checks; nothing was pushed. The site was not asked either:');
      expect(result.stderr).toContain('api/broken.php');
      expect(result.stderr).toContain('127.0.0.1:1');
      const json = await svc(['api', 'push', '--yes', '--json'], { cwd: broken, env: unreachable });
      const document = JSON.parse(json.stdout) as { code: string; error: string; fileErrors: { file: string; code: string }[] };
      expect(document).toMatchObject({ code: 'local_check_failed', fileErrors: [{ file: 'api/broken.php', code: 'svc_syntax_error' }] });
      expect(document.error).toContain('127.0.0.1:1');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
