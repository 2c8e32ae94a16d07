/**
 * Where the secrets' key is kept, as the site says it: salts in wp-config.php keep it out of the
 * database; a placeholder salt (the sample's 'put your unique phrase here') makes WordPress generate
 * that salt into the database, where a dump carries it with the sealed values. The diagnostics, the
 * secrets answers and the admin page say so.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { call, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

beforeAll(async () => {
  // wp-config.php is edited below: no opcache, so each request reads it as it is.
  site = await startSite({ opcache: false });
});

afterAll(async () => {
  await site?.stop();
});

const adminPage = () =>
  site.php("require_once ABSPATH . 'wp-admin/includes/admin.php'; wp_set_current_user( 1 ); set_current_screen( 'tools_page_svc' ); ( new \\Svc\\Admin\\AdminPage() )->render();");

/** wp-config.php with one salt constant given the sample's placeholder, as a site installed by hand may have. */
function placeholderSalt(name: string): void {
  const file = path.join(site.wpDir, 'wp-config.php');
  const config = readFileSync(file, 'utf8');
  const edited = config.replace(new RegExp(`define\\( '${name}', '[^']*' \\);`), `define( '${name}', 'put your unique phrase here' );`);
  expect(edited).not.toBe(config);
  writeFileSync(file, edited);
}

describe('the secrets key source', () => {
  it('is config-salts while wp-config.php holds the salts: nothing warns', async () => {
    expect((await call(site, '/svc/v1/diagnostics')).body.secrets).toMatchObject({ key: 'salts', key_source: 'config-salts', key_usable: true });
    const set = await call(site, '/svc/v1/secrets/API_TOKEN', { method: 'PUT', json: { value: 'first' } });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ name: 'API_TOKEN', created: true, key_source: 'config-salts' });
    expect((await call(site, '/svc/v1/secrets')).body).toEqual([{ name: 'API_TOKEN', updated: expect.any(Number), readable: true, key_source: 'config-salts' }]);
    expect(await adminPage()).not.toContain('svc-secrets-key-source');
  });

  it('is database-salts once a salt is the placeholder: WordPress keeps that salt in the database, and every answer and the admin page say a dump opens the secrets', async () => {
    placeholderSalt('SECURE_AUTH_SALT');
    const diagnostics = (await call(site, '/svc/v1/diagnostics')).body.secrets;
    expect(diagnostics).toMatchObject({ key: 'salts', key_source: 'database-salts', key_usable: true });
    // The key changed with the salt: the value set before no longer opens.
    expect(diagnostics.unreadable).toEqual(['API_TOKEN']);
    const set = await call(site, '/svc/v1/secrets/API_TOKEN', { method: 'PUT', json: { value: 'second' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ created: false, key_source: 'database-salts' });
    expect((await call(site, '/svc/v1/secrets')).body).toEqual([{ name: 'API_TOKEN', updated: expect.any(Number), readable: true, key_source: 'database-salts' }]);
    // What makes the warning true: the salt WordPress generated is a row of the options table.
    expect((await site.php("echo strlen( (string) get_site_option( 'secure_auth_salt' ) );")).trim()).toBe('64');
    const page = await adminPage();
    expect(page).toContain('svc-secrets-key-source');
    expect(page).toContain('a database dump holds both the sealed secrets and the key that opens them');
    expect(page).toContain('SVC_SECRETS_KEY');
  });
});
