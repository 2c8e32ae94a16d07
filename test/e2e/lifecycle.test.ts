/**
 * Plugin lifecycle: deactivation keeps the route files, uninstalling removes wp-content/svc/, the
 * setting and the stored releases. On php -S it runs without opcache, the other configuration sites run with (nginx +
 * php-fpm always runs with opcache).
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError, expectSiteHealthy } from './helpers/expectations.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { call, placeSvcFile, pushOk, record, startSite, type WordPressSite } from './helpers/site.js';
import { snapshotTree } from './helpers/tree.js';

jest.setTimeout(120_000);

let site: WordPressSite;
let keptSource: string;

const PLUGIN = 'svc/svc.php';
const ADMIN_INCLUDES = "require_once ABSPATH . 'wp-admin/includes/plugin.php';";

beforeAll(async () => {
  site = await startSite({ opcache: false });
  keptSource = publicGet(uniqueClass('Kept'), 'kept');
  await pushOk(site, {
    kept: keptSource,
    'nested/kept/[id]': publicGet(uniqueClass('NestedKept'), 'nested kept'),
  });
  placeSvcFile(site, 'lib/Helper.php', "<?php\nnamespace SvcLib;\nfinal class Helper {}\n");
  placeSvcFile(site, 'vendor/autoload.php', '<?php\n');
  expect((await call(site, '/svc-api/v1/kept', { as: 'anonymous' })).body).toEqual({ route: 'kept' });
});

afterAll(async () => {
  await site?.stop();
});

async function isActive(): Promise<boolean> {
  return (await site.php(`${ADMIN_INCLUDES}\necho is_plugin_active('${PLUGIN}') ? 'yes' : 'no';`)).trim() === 'yes';
}

describe('deactivation', () => {
  it('keeps every file; the routes and management endpoints are gone until the plugin is active again', async () => {
    const before = snapshotTree(site.svcDir);
    await site.php(`${ADMIN_INCLUDES}\ndeactivate_plugins('${PLUGIN}');`);
    expect(await isActive()).toBe(false);

    expectError(await call(site, '/svc-api/v1/kept', { as: 'anonymous' }), 404, 'rest_no_route');
    expectError(await call(site, '/svc/v1/api-files'), 404, 'rest_no_route');
    await expectSiteHealthy(site);
    expect(snapshotTree(site.svcDir)).toEqual(before);

    const activated = await site.php(`${ADMIN_INCLUDES}\n$r = activate_plugin('${PLUGIN}'); echo is_wp_error($r) ? $r->get_error_message() : 'ok';`);
    expect(activated.trim()).toBe('ok');
    expect((await call(site, '/svc-api/v1/kept', { as: 'anonymous' })).body).toEqual({ route: 'kept' });
    expect((await call(site, '/svc-api/v1/nested/kept/3', { as: 'anonymous' })).body).toEqual({ route: 'nested kept' });
    expect((await record(site, 'kept'))?.content).toBe(keptSource);
  });
});

describe('uninstall', () => {
  it('plugin files requested directly over HTTP do nothing, uninstall.php included', async () => {
    const before = snapshotTree(site.svcDir);
    for (const file of ['uninstall.php', 'svc.php', 'src/Plugin.php', 'bin/lint.php']) {
      const response = await fetch(`${site.url}/wp-content/plugins/svc/${file}`);
      expect([file, await response.text()]).toEqual([file, '']);
    }
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expect((await call(site, '/svc-api/v1/kept', { as: 'anonymous' })).status).toBe(200);
  });

  it('removes the whole wp-content/svc/ tree and the namespace setting, following no link out of it', async () => {
    await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'custom/v3' } });
    expect((await site.php("echo get_option('svc_api_namespace');")).trim()).toBe('custom/v3');
    // Something outside wp-content/svc/ that a careless recursive delete would reach through a link.
    const outside = path.join(site.root, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'precious.txt'), 'keep me');
    symlinkSync(outside, path.join(site.svcDir, 'lib', 'linked-dir'));
    symlinkSync(path.join(outside, 'precious.txt'), path.join(site.svcDir, 'api', 'linked-file.txt'));

    const svcTables = async (): Promise<string[]> => JSON.parse((await site.php("global $wpdb; echo wp_json_encode( $wpdb->get_col( \"SHOW TABLES LIKE '%svc\\_%'\" ) );")).trim()) as string[];
    expect((await svcTables()).sort()).toEqual(['wp_svc_blobs', 'wp_svc_events', 'wp_svc_releases']);

    await site.php(`${ADMIN_INCLUDES}\ndeactivate_plugins('${PLUGIN}');\nuninstall_plugin('${PLUGIN}');`);

    expect(existsSync(site.svcDir)).toBe(false);
    expect((await site.php("echo var_export(get_option('svc_api_namespace', 'absent'), true);")).trim()).toBe("'absent'");
    // The stored releases go too: their tables and the options pointing into them.
    expect(await svcTables()).toEqual([]);
    expect((await site.php("echo var_export(array(get_option('svc_active_release', 'absent'), get_option('svc_db_version', 'absent')), true);")).replace(/\s+/g, '')).toBe("array(0=>'absent',1=>'absent',)");
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
    // The plugin's own files are untouched (uninstalling is not deleting the plugin).
    expect(existsSync(path.join(site.contentDir, 'plugins', 'svc', 'svc.php'))).toBe(true);
    await expectSiteHealthy(site);
  });

  it('after reinstalling, the plugin starts empty with the default namespace', async () => {
    const activated = await site.php(`${ADMIN_INCLUDES}\n$r = activate_plugin('${PLUGIN}'); echo is_wp_error($r) ? $r->get_error_message() : 'ok';`);
    expect(activated.trim()).toBe('ok');
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
    expect((await call(site, '/svc/v1/api-files')).body).toEqual([]);
    expectError(await call(site, '/svc-api/v1/kept', { as: 'anonymous' }), 404, 'rest_no_route');
    await pushOk(site, { again: publicGet(uniqueClass('Again'), 'again') });
    expect((await call(site, '/svc-api/v1/again', { as: 'anonymous' })).body).toEqual({ route: 'again' });
  });
});
