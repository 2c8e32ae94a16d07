/**
 * Secrets on the real stack: set and removed through svc/v1/secrets by an administrator only, read
 * by route code with Svc\Api\Secrets::get(), sealed in the database (a dump of every table holds no
 * value), unreadable once the salts or SVC_SECRETS_KEY change, and never in an answer or an event.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, startSite, type Caller, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

const SECRETS_MU_PLUGIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'mu-plugins', 'svc-e2e-secrets.php');
const VALUE = `sk_live_${createHash('sha256').update(String(process.pid)).digest('hex').slice(0, 24)}`;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite({ muPlugins: [SECRETS_MU_PLUGIN] });
  // A route proving it reads the secret without ever answering with it.
  await pushOk(site, {
    'reads-secret': routeSource(
      uniqueClass('ReadsSecret'),
      [
        '  #[Permission(public: true)]',
        '  public function get(): array {',
        "    $value = \\Svc\\Api\\Secrets::get('STRIPE_KEY');",
        "    return ['set' => null !== $value, 'sha256' => null === $value ? null : hash('sha256', $value)];",
        '  }',
      ].join('\n'),
    ),
  });
});

afterAll(async () => {
  await site?.stop();
});

const put = (name: string, body: unknown, as: Caller = 'admin') => call(site, `/svc/v1/secrets/${name}`, { method: 'PUT', json: body, as });
const list = (as: Caller = 'admin') => call(site, '/svc/v1/secrets', { as });
const reads = async (): Promise<{ set: boolean; sha256: string | null }> => (await call(site, '/svc-api/v1/reads-secret', { as: 'anonymous' })).body;
const setOption = (name: string, value: string | null) =>
  site.php(value === null ? `delete_option(${JSON.stringify(name)});` : `update_option(${JSON.stringify(name)}, ${JSON.stringify(value)});`);

/** Every row of every table of the site's database, as a dump would hold them. */
async function dump(): Promise<string> {
  return site.php(
    'global $wpdb; foreach ($wpdb->get_col("SHOW TABLES") as $t) { foreach ((array) $wpdb->get_results("SELECT * FROM `$t`", ARRAY_N) as $row) { echo implode("\\t", array_map("strval", $row)), "\\n"; } }',
  );
}

describe('an administrator sets a secret', () => {
  it('is created (201), then replaced (200), and answers with no value', async () => {
    const created = await put('STRIPE_KEY', { value: 'first' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'STRIPE_KEY', created: true, readable: true });
    const replaced = await put('STRIPE_KEY', { value: VALUE });
    expect(replaced.status).toBe(200);
    expect(replaced.body.created).toBe(false);
    expect(replaced.text).not.toContain(VALUE);
  });

  it('is read by route code on the next request', async () => {
    expect(await reads()).toEqual({ set: true, sha256: sha256(VALUE) });
  });

  it('is listed by name and time, never by value', async () => {
    const listing = await list();
    expect(listing.status).toBe(200);
    expect(listing.body).toEqual([{ name: 'STRIPE_KEY', updated: expect.any(Number), readable: true, key_source: 'config-salts' }]);
    expect(Math.abs(listing.body[0].updated - Date.now() / 1000)).toBeLessThan(120);
    expect(listing.text).not.toContain(VALUE);
  });

  it('is sealed in the database: no table holds the value', async () => {
    const rows = await dump();
    expect(rows).toContain('svc_secrets');
    expect(rows).not.toContain(VALUE);
    expect(rows).not.toContain(Buffer.from(VALUE).toString('base64'));
    // Only requests that read a secret load the option.
    expect((await site.php("global $wpdb; echo $wpdb->get_var(\"SELECT autoload FROM $wpdb->options WHERE option_name = 'svc_secrets'\");")).trim()).toMatch(/^(no|off)$/);
  });

  it('is recorded as an event naming the secret and the user, not the value', async () => {
    const events = await call(site, '/svc/v1/events');
    const secretEvents = events.body.events.filter((event: { type: string }) => event.type === 'secret');
    expect(secretEvents[0].message).toBe('secret STRIPE_KEY set by admin');
    expect(events.text).not.toContain(VALUE);
  });

  it('shows in diagnostics and on the admin page by name only', async () => {
    const diagnostics = await call(site, '/svc/v1/diagnostics');
    expect(diagnostics.body.secrets).toEqual({ key: 'salts', key_source: 'config-salts', key_usable: true, count: 1, unreadable: [] });
    const page = await site.php("wp_set_current_user(1); (new \\Svc\\Admin\\SecretsSection(\\Svc\\Secrets\\SecretStore::for_site()))->render();");
    expect(page).toContain('<code>STRIPE_KEY</code>');
    expect(page).not.toContain(VALUE);
  });
});

describe('who may manage secrets', () => {
  it.each<Caller>(['anonymous', 'editor', 'subscriber'])('%s is refused everything', async (as) => {
    expect((await list(as)).status).toBeGreaterThanOrEqual(401);
    expect((await put('STRIPE_KEY', { value: 'hijack' }, as)).status).toBeGreaterThanOrEqual(401);
    expect((await call(site, '/svc/v1/secrets/STRIPE_KEY', { method: 'DELETE', as })).status).toBeGreaterThanOrEqual(401);
    expect(await reads()).toEqual({ set: true, sha256: sha256(VALUE) });
  });
});

describe('bad requests are 400s naming the field, and echo no value', () => {
  it.each([
    ['a lowercase name', 'stripe_key', { value: 'x' }, 'name'],
    ['a name starting with a digit', '1KEY', { value: 'x' }, 'name'],
    ['a name with a hyphen', 'A-B', { value: 'x' }, 'name'],
    ['a number value', 'OK_NAME', { value: 42 }, 'value'],
    ['a null value', 'OK_NAME', { value: null }, 'value'],
    ['no value', 'OK_NAME', {}, 'value'],
    ['an empty value', 'OK_NAME', { value: '' }, 'value'],
    ['a value over 64 KB', 'OK_NAME', { value: 'x'.repeat(65537) }, 'value'],
  ])('%s', async (_label, name, body, param) => {
    const response = await put(name, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(param === 'name' ? 'svc_invalid_secret_name' : 'svc_bad_request');
    expect(response.body.data.param).toBe(param);
    if (param === 'name') expect(response.body.message).toContain('^[A-Z][A-Z0-9_]{0,63}$');
    expect((await list()).body.map((item: { name: string }) => item.name)).toEqual(['STRIPE_KEY']);
  });

  it('a value in the URL is refused without being stored', async () => {
    const response = await call(site, '/svc/v1/secrets/OK_NAME?value=in-the-url', { method: 'PUT', json: { value: 'x' } });
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('in-the-url');
  });
});

describe('when the key changes', () => {
  it('after the salts change, the value is unreadable and listed so, until set again', async () => {
    await setOption('svc_e2e_salt_suffix', 'rotated');
    try {
      expect(await reads()).toEqual({ set: false, sha256: null });
      expect((await list()).body).toEqual([{ name: 'STRIPE_KEY', updated: expect.any(Number), readable: false, key_source: 'config-salts' }]);
      expect((await call(site, '/svc/v1/diagnostics')).body.secrets.unreadable).toEqual(['STRIPE_KEY']);
      expect(await put('STRIPE_KEY', { value: VALUE })).toMatchObject({ status: 200 });
      expect(await reads()).toEqual({ set: true, sha256: sha256(VALUE) });
    } finally {
      await setOption('svc_e2e_salt_suffix', null);
    }
    // Set under the rotated salts: the old ones do not open it.
    expect((await list()).body[0].readable).toBe(false);
    expect(await put('STRIPE_KEY', { value: VALUE })).toMatchObject({ status: 200 });
  });

  it('SVC_SECRETS_KEY replaces the salts; a short one makes secrets unavailable with a clear error', async () => {
    await setOption('svc_e2e_secrets_key', 'a'.repeat(64));
    try {
      expect((await list()).body[0].readable).toBe(false);
      expect(await put('STRIPE_KEY', { value: VALUE })).toMatchObject({ status: 200 });
      expect(await reads()).toEqual({ set: true, sha256: sha256(VALUE) });
      expect((await call(site, '/svc/v1/diagnostics')).body.secrets).toMatchObject({ key: 'constant', key_source: 'constant', key_usable: true });
      await setOption('svc_e2e_secrets_key', 'short');
      const refused = await put('STRIPE_KEY', { value: VALUE });
      expectError(refused, 500, 'svc_secrets_unavailable');
      expect(refused.body.message).toContain('SVC_SECRETS_KEY');
      expect(await reads()).toEqual({ set: false, sha256: null });
    } finally {
      await setOption('svc_e2e_secrets_key', null);
    }
    expect(await put('STRIPE_KEY', { value: VALUE })).toMatchObject({ status: 200 });
  });
});

describe('a hardened site (DISALLOW_FILE_MODS)', () => {
  it('refuses to set or remove secrets, as it refuses pushes', async () => {
    await setOption('svc_e2e_disallow_file_mods', '1');
    try {
      expectError(await put('STRIPE_KEY', { value: 'other' }), 403, 'svc_deploy_disallowed');
      expectError(await call(site, '/svc/v1/secrets/STRIPE_KEY', { method: 'DELETE' }), 403, 'svc_deploy_disallowed');
      expect((await list()).status).toBe(200);
    } finally {
      await setOption('svc_e2e_disallow_file_mods', null);
    }
    expect(await reads()).toEqual({ set: true, sha256: sha256(VALUE) });
  });
});

describe('removing a secret', () => {
  it('removes it (route code gets null), then answers 404', async () => {
    const removed = await call(site, '/svc/v1/secrets/STRIPE_KEY', { method: 'DELETE' });
    expect(removed.body).toEqual({ name: 'STRIPE_KEY', deleted: true, answers_purged: true });
    expect(await reads()).toEqual({ set: false, sha256: null });
    expect((await list()).body).toEqual([]);
    expectError(await call(site, '/svc/v1/secrets/STRIPE_KEY', { method: 'DELETE' }), 404, 'svc_secret_not_found');
    const events = await call(site, '/svc/v1/events');
    expect(events.body.events[0].message).toBe('secret STRIPE_KEY removed by admin');
    expect(events.text).not.toContain(VALUE);
  });

  it('no log line ever held the value', () => {
    expect(site.readLog()).not.toContain(VALUE);
  });
});

describe('a secret changed under a cached route', () => {
  it("purges every route's stored answers: the next request is computed with the new value", async () => {
    await pushOk(site, {
      'cached-secret': routeSource(
        uniqueClass('CachedSecret'),
        [
          '  #[Cache(maxAge: 300)]',
          '  public function get(): array {',
          "    $value = \\Svc\\Api\\Secrets::get('PRICE_TIER');",
          "    return ['tier' => $value, 'at' => microtime(true)];",
          '  }',
        ].join('\n'),
        { classAttribute: '#[Permission(public: true)]', preamble: 'use Svc\\Api\\Attribute\\Cache;' },
      ),
    });
    const get = async (): Promise<{ state: string | null; tier: string | null }> => {
      const response = await site.fetch('/svc-api/v1/cached-secret', { as: 'anonymous' });
      expect(response.status).toBe(200);
      return { state: response.headers.get('x-svc-cache'), tier: ((await response.json()) as { tier: string | null }).tier };
    };
    expect((await put('PRICE_TIER', { value: 'gold' })).body).toMatchObject({ created: true, answers_purged: true });
    await get();
    expect(await get()).toEqual({ state: 'HIT', tier: 'gold' });

    // Replaced: the stored answer held the old value; it is never served again.
    expect((await put('PRICE_TIER', { value: 'silver' })).body).toMatchObject({ created: false, answers_purged: true });
    expect(await get()).toEqual({ state: 'MISS', tier: 'silver' });
    expect(await get()).toEqual({ state: 'HIT', tier: 'silver' });

    // Removed: route code gets null from the next request on, cached or not.
    expect((await call(site, '/svc/v1/secrets/PRICE_TIER', { method: 'DELETE' })).body).toEqual({ name: 'PRICE_TIER', deleted: true, answers_purged: true });
    expect(await get()).toEqual({ state: 'MISS', tier: null });
  });
});
