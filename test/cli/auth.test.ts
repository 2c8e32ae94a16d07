/**
 * Sites and credentials with the installed binary against a real WordPress: svc login with
 * --password-stdin (no keychain on this machine: only with --insecure-store, into a 0600 file),
 * saved sites and --site, logout, and the failures a user meets: wrong password (401), not an
 * administrator (403), plugin not active (404), site unreachable, plain http to another host.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { requireExecutable } from '../../source/local-site/packages.js';
import { runProcess } from '../../source/local-site/process.js';
import { startWordPress, type WordPressSite } from '../support/wordpress.js';
import { routeSource, writeRoute } from './helpers/files.js';
import { packedCli, type PackedCli } from './helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(120_000);

let site: WordPressSite;
let cli: PackedCli;
let svc: SvcRunner;
let project: string;

beforeAll(async () => {
  const [packed, started] = await Promise.all([packedCli(), startWordPress()]);
  cli = packed;
  site = started;
  project = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-auth-'));
  writeRoute(path.join(project, 'api'), 'ping.php', routeSource('Ping'));
  svc = svcRunner(cli.bin, project);
}, 300_000);

afterAll(async () => {
  await site?.stop();
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
  if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
});

const configDir = (): string => path.join(svc.home, '.config', 'svc');
const readConfig = (): { profiles: Record<string, unknown>; defaultProfile?: string } =>
  JSON.parse(readFileSync(path.join(configDir(), 'config.json'), 'utf8')) as { profiles: Record<string, unknown>; defaultProfile?: string };
const credentialsFile = (): string => path.join(configDir(), 'credentials.json');

function login(args: string[], password: string) {
  return svc(['login', '--url', site.url, '--password-stdin', ...args], { input: `${password}\n` });
}

const envFor = (user: 'admin' | 'editor' | 'subscriber', url = site.url) => ({
  SVC_URL: url,
  SVC_USER: site.users[user].login,
  SVC_APP_PASSWORD: site.users[user].appPassword,
});

describe('svc login', () => {
  it('without a keychain and without --insecure-store: says so, names the way out, saves nothing', async () => {
    const result = await login(['--user', 'admin'], site.users.admin.appPassword);
    expect(result).toMatchObject({ code: 1 });
    // The cause, not just "no keychain": this environment has no D-Bus session bus.
    expect(result.stderr).toContain('No OS keychain is available: there is no D-Bus session bus, where the Secret Service lives.');
    expect(result.stderr).toContain('--insecure-store');
    expect(() => statSync(credentialsFile())).toThrow();
    // Not even an empty config: the config is only written (through conf) once a login succeeded.
    expect(() => statSync(path.join(configDir(), 'config.json'))).toThrow();
  });

  it('with --insecure-store: verifies, saves the site and keeps the password in a 0600 file only', async () => {
    const result = await login(['--user', 'admin', '--insecure-store'], site.users.admin.appPassword);
    expect(result).toMatchObject({ code: 0 });
    const name = `127.0.0.1-${new URL(site.url).port}`;
    expect(result.stdout).toContain(`✔ Logged in to ${site.url} as admin. Saved as site "${name}" (the default).`);
    expect(result.stdout).toContain(`The application password is in ${credentialsFile()} (readable only by you).`);
    expect(result.stdout).toContain(`Its REST API is at ${site.url}/wp-json/; the password goes to no other address.`);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    expect(readFileSync(credentialsFile(), 'utf8')).toContain(site.users.admin.appPassword);
    const config = readConfig();
    expect(config).toEqual({ profiles: { [name]: { url: site.url, user: 'admin', insecureStore: true } }, defaultProfile: name });
    expect(JSON.stringify(config)).not.toContain(site.users.admin.appPassword);
    expect(result.output).not.toContain(site.users.admin.appPassword);
  });

  it('the saved site is used without any SVC_* variables', async () => {
    const push = await svc(['api', 'push']);
    expect(push).toMatchObject({ code: 0 });
    expect(push.stdout).toContain('pushed 1 file (1 new)');
    const list = await svc(['api', 'list']);
    expect(list.stdout).toMatch(/\/svc-api\/v1\/ping\s+ping\.php\s+GET/);
  });

  it('a second site gets its own name and does not become the default; --site picks it', async () => {
    const result = await login(['--user', 'editor', '--site', 'as-editor', '--insecure-store', '--json'], site.users.editor.appPassword);
    // An editor lacks manage_options: the login is refused and nothing is saved.
    expect(result).toMatchObject({ code: 1 });
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'forbidden', status: 403 });
    expect(Object.keys(readConfig().profiles)).toHaveLength(1);

    const second = await login(['--user', 'admin', '--site', 'staging', '--insecure-store', '--json'], site.users.admin.appPassword);
    expect(second).toMatchObject({ code: 0 });
    expect(JSON.parse(second.stdout)).toEqual({
      site: 'staging',
      url: site.url,
      restRoot: `${site.url}/wp-json/`,
      user: 'admin',
      default: false,
      stored: 'file',
      credentialsFile: credentialsFile(),
    });
    expect((await svc(['api', 'list', '--site', 'staging'])).stdout).toContain('ping.php');
    const unknown = await svc(['api', 'list', '--site', 'production']);
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.stderr).toContain('No site named "production"');
    expect(unknown.stderr).toContain('Known sites: 127.0.0.1-');
  });

  it('svc.json names the project\'s site and api folder', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-project-'));
    try {
      writeRoute(path.join(other, 'routes'), 'pong.php', routeSource('Pong'));
      writeFileSync(path.join(other, 'svc.json'), JSON.stringify({ site: 'staging', apiDir: 'routes' }));
      mkdirSync(path.join(other, 'deep', 'inside'), { recursive: true });
      const result = await svc(['api', 'push', '--dry-run'], { cwd: other });
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain(`Push routes/ → ${site.url}`);
      expect(result.stdout).toMatch(/\+ pong\.php\s+new/);
      // Found from a subdirectory too; the folder is then shown by its full path.
      const nested = await svc(['api', 'push', '--dry-run'], { cwd: path.join(other, 'deep', 'inside') });
      expect(nested.stdout).toContain(`Push ${path.join(other, 'routes')}/ →`);

      writeFileSync(path.join(other, 'svc.json'), JSON.stringify({ site: 'production' }));
      const unknown = await svc(['api', 'list'], { cwd: other });
      expect(unknown).toMatchObject({ code: 2 });
      expect(unknown.stderr).toContain(`No site named "production" (named in ${path.join(other, 'svc.json')}).`);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a wrong application password: 401 named as a wrong password (not a stripped header), with what to check; nothing saved', async () => {
    const result = await login(['--user', 'admin', '--site', 'wrong', '--insecure-store'], 'abcd efgh ijkl mnop qrst uvwx');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`✖ Error: ${site.url} rejected the credentials of user "admin" (401, incorrect_password).`);
    expect(result.stderr).toContain('Application Passwords');
    expect(result.stderr).not.toContain('CGIPassAuth');
    expect(result.output).not.toContain('abcd efgh');
    expect(readConfig().profiles).not.toHaveProperty('wrong');
  });

  it('without a terminal, missing flags are a usage error (exit 2)', async () => {
    const result = await svc(['login', '--url', site.url]);
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('svc login needs --user, --password-stdin when it cannot ask in a terminal.');
  });
});

describe('svc logout', () => {
  it('forgets the site and its password; the other site stays', async () => {
    const result = await svc(['logout', '--site', 'staging']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('site "staging" and its application password are forgotten');
    expect(readConfig().profiles).not.toHaveProperty('staging');
    expect(readFileSync(credentialsFile(), 'utf8')).not.toContain('"staging"');
    expect(await svc(['api', 'list'])).toMatchObject({ code: 0 });
  });

  it('the last logout removes the credentials file; then commands say how to log in', async () => {
    expect(await svc(['logout'])).toMatchObject({ code: 0 });
    expect(() => statSync(credentialsFile())).toThrow();
    const result = await svc(['api', 'list']);
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('No site selected.');
    expect(result.stderr).toContain('svc login');
  });
});

describe('failures, each with a message naming the fix', () => {
  it('SVC_URL, SVC_USER and SVC_APP_PASSWORD must be set together (exit 2)', async () => {
    const result = await svc(['api', 'list'], { env: { SVC_URL: site.url, SVC_USER: 'admin' } });
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('SVC_URL and SVC_USER are set but SVC_APP_PASSWORD is not.');
  });

  it('a wrong application password in the environment: 401', async () => {
    const result = await svc(['api', 'list'], { env: { ...envFor('admin'), SVC_APP_PASSWORD: 'nope nope nope nope' } });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('rejected the credentials of user "admin" (401, incorrect_password)');
    expect(result.output).not.toContain('nope nope');
  });

  it('a subscriber: 403, not an administrator', async () => {
    const result = await svc(['api', 'push'], { env: envFor('subscriber') });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`✖ Error: User "subscriber" is not an administrator on ${site.url} (403).`);
    expect(result.stderr).toContain('manage_options');
  });

  it('nothing listening: unreachable, and --json says so as JSON', async () => {
    const url = 'http://127.0.0.1:9';
    const result = await svc(['api', 'list'], { env: envFor('admin', url) });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`✖ Error: Cannot reach ${url}: the connection was refused`);
    const json = await svc(['api', 'list', '--json'], { env: envFor('admin', url) });
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'unreachable', exitCode: 1 });
  });

  it('plain http to a host that is not this machine: a clear-text warning first', async () => {
    // 0.0.0.0 is not a loopback name, yet connecting to it stays on this machine (and is refused).
    const result = await svc(['api', 'list'], { env: envFor('admin', 'http://0.0.0.0:9') });
    expect(result.stderr).toContain('⚠ http://0.0.0.0:9 is plain http://: the application password travels in clear text');
    const local = await svc(['api', 'list'], { env: envFor('admin') });
    expect(local.stderr).not.toContain('clear text');
  });

  it('the plugin deactivated: 404 on svc/v1, and how to install it', async () => {
    await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins( 'svc/svc.php' );");
    try {
      const result = await svc(['api', 'list'], { env: envFor('admin') });
      expect(result).toMatchObject({ code: 1 });
      expect(result.stderr).toContain(`✖ Error: The svc plugin is not active on ${site.url}.`);
      expect(result.stderr).toContain('svc plugin zip');
    } finally {
      await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin( 'svc/svc.php' );");
    }
    expect(await svc(['api', 'list'], { env: envFor('admin') })).toMatchObject({ code: 0 });
  });
});

/** A real Secret Service: gnome-keyring on a private D-Bus session (both installed by .ci/run). */
function hasSecretService(): boolean {
  try {
    requireExecutable('dbus-run-session');
    requireExecutable('gnome-keyring-daemon');
    return true;
  } catch {
    return false;
  }
}

describe('svc login with a real keychain (gnome-keyring under dbus-run-session)', () => {
  const script = [
    // gnome-keyring creates and unlocks the login keyring only with a runtime dir for its sockets.
    'export XDG_RUNTIME_DIR="$HOME/run"; mkdir -p -m 700 "$XDG_RUNTIME_DIR"',
    'eval "$(printf x | gnome-keyring-daemon --unlock --components=secrets)"',
    'printf %s "$TEST_PASSWORD" | svc login --url "$TEST_URL" --user admin --password-stdin --json; echo "LOGIN_EXIT=$?"',
    'svc api list --json > /dev/null; echo "LIST_EXIT=$?"',
    'test -e "$XDG_CONFIG_HOME/svc/credentials.json" && echo "FILE=yes" || echo "FILE=no"',
    'cat "$XDG_CONFIG_HOME/svc/config.json"; echo',
    'svc logout; echo "LOGOUT_EXIT=$?"',
    'svc api list; echo "AFTER_EXIT=$?"',
  ].join('\n');

  (hasSecretService() ? it : it.skip)('keeps the password in the keychain (no file, not in the config) and logout removes it', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-keychain-'));
    try {
      const result = await runProcess('dbus-run-session', ['--', 'sh', '-c', script], {
        cwd: project,
        env: {
          PATH: `${path.dirname(cli.bin)}${path.delimiter}${process.env['PATH'] ?? ''}`,
          HOME: home,
          XDG_CONFIG_HOME: path.join(home, '.config'),
          TEST_URL: site.url,
          TEST_PASSWORD: site.users.admin.appPassword,
        },
      });
      const out = result.stdout;
      expect(out).toContain('LOGIN_EXIT=0');
      expect(out).toMatch(/"stored": "keychain"/);
      expect(out).toContain('LIST_EXIT=0');
      expect(out).toContain('FILE=no');
      expect(out).toContain('"user": "admin"');
      expect(out).toContain('LOGOUT_EXIT=0');
      // Logged out of the only site: no site selected, a usage error (2) like an unknown --site.
      expect(out).toContain('AFTER_EXIT=2');
      expect(out + result.stderr).not.toContain(site.users.admin.appPassword);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
