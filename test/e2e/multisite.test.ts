/**
 * svc network-activated on a real subdirectory multisite network (site 1 at /, site 2 at /site2/):
 * each site has its own route files, namespace, releases and events; a route of one site is never
 * served by another, not even through switch_to_blog(); super admins deploy everywhere, a site
 * administrator manages their own site and deploys nowhere by default; the CLI logged in to a
 * subsite deploys there only; a node catching up while another site is current tidies on its own
 * site; a deleted site and the uninstall take svc's data with them.
 */
import { existsSync, mkdtempSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { basicAuth, type NetworkSite, type WordPressNetwork } from '../support/wordpress.js';
import { writeRoute } from '../cli/helpers/files.js';
import { packedCli } from '../cli/helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from '../cli/helpers/run-svc.js';
import { expectError } from './helpers/expectations.js';
import { treeNames } from './helpers/tree.js';
import { publicGet, routeSource, OPEN } from './helpers/php-source.js';
import { call, startSite, type JsonResponse, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

/** Lets site administrators deploy while the network option svc_e2e_site_admins_deploy is set. */
const SITE_ADMINS_MU_PLUGIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'mu-plugins', 'svc-e2e-site-admins.php');

let site: WordPressSite;
let network: WordPressNetwork;
let one: NetworkSite;
let two: NetworkSite;

beforeAll(async () => {
  site = await startSite({ multisite: true, muPlugins: [SITE_ADMINS_MU_PLUGIN] });
  network = site.network!;
  [one, two] = network.sites as [NetworkSite, NetworkSite];
}, 300_000);

afterAll(async () => {
  await site?.stop();
});

type Who = 'super' | 'siteadmin' | 'anonymous';

/** A management or route call on one site of the network, as the super admin unless told. */
function at(target: NetworkSite, route: string, init: { who?: Who; method?: string; json?: unknown } = {}): Promise<JsonResponse> {
  const { who = 'super', ...rest } = init;
  const url = `${target.restRoot}/${route.replace(/^\//, '')}`;
  if (who === 'anonymous') return call(site, url, { ...rest, as: 'anonymous' });
  // The super admin is the network's first administrator, the harness's 'admin'.
  const headers = who === 'siteadmin' ? { Authorization: basicAuth(network.siteAdmin) } : undefined;
  return call(site, url, { ...rest, as: 'admin', ...(headers === undefined ? {} : { headers }) });
}

function pushTo(target: NetworkSite, files: Record<string, string>, who: Who = 'super'): Promise<JsonResponse> {
  return at(target, '/svc/v1/api-files', {
    who,
    method: 'POST',
    json: { files: Object.entries(files).map(([filename, content]) => ({ filename, content })) },
  });
}

async function pushedTo(target: NetworkSite, files: Record<string, string>): Promise<void> {
  const response = await pushTo(target, files);
  if (response.status !== 200) throw new Error(`push to site ${target.blogId} rejected: HTTP ${response.status} ${response.text}`);
}

async function slugsOf(target: NetworkSite): Promise<string[]> {
  const response = await at(target, '/svc/v1/api-files?content=false');
  expect(response.status).toBe(200);
  return (response.body as { filename: string }[]).map((record) => record.filename).sort();
}

describe('the network', () => {
  it('has two sites, and svc is active on both', async () => {
    expect(network.sites.map((entry) => entry.blogId)).toEqual([1, 2]);
    expect(two.url).toBe(`${one.url}/site2`);
    for (const target of [one, two]) {
      const namespace = await at(target, '/svc/v1/api-namespace');
      expect({ site: target.blogId, status: namespace.status, body: namespace.body }).toEqual({ site: target.blogId, status: 200, body: { namespace: 'svc-api/v1' } });
    }
  });
});

describe('each site its own routes', () => {
  beforeAll(async () => {
    // One class name on both sites: class names are unique per site, and a request loads one site's files.
    await pushedTo(one, { hello: publicGet('MultisiteHello', 'site 1'), 'only-one': publicGet('OnlyOne', 'only on site 1') });
    await pushedTo(two, { hello: publicGet('MultisiteHello', 'site 2') });
  });

  it('serves each site its own file for the same path', async () => {
    expect((await at(one, '/svc-api/v1/hello', { who: 'anonymous' })).body).toEqual({ route: 'site 1' });
    expect((await at(two, '/svc-api/v1/hello', { who: 'anonymous' })).body).toEqual({ route: 'site 2' });
  });

  it('never serves a route of one site on another', async () => {
    expectError(await at(two, '/svc-api/v1/only-one', { who: 'anonymous' }), 404, 'rest_no_route');
    expectError(await at(two, '/svc-api/v1/only-one'), 404, 'rest_no_route');
  });

  it('keeps site 1 in wp-content/svc and site 2 in wp-content/svc/sites/2, every level guarded', () => {
    for (const dir of ['svc', 'svc/sites', 'svc/sites/2']) expect(existsSync(path.join(site.contentDir, dir, 'index.php'))).toBe(true);
    expect(one.svcDir).toBe(path.join(site.contentDir, 'svc'));
    expect(two.svcDir).toBe(path.join(site.contentDir, 'svc', 'sites', '2'));
    expect(existsSync(path.join(one.svcDir, 'api', 'only-one.php'))).toBe(true);
    expect(existsSync(path.join(two.svcDir, 'api', 'hello.php'))).toBe(true);
    expect(existsSync(path.join(two.svcDir, 'api', 'only-one.php'))).toBe(false);
  });

  it('lists, releases and records events per site', async () => {
    expect(await slugsOf(one)).toEqual(['hello', 'only-one']);
    expect(await slugsOf(two)).toEqual(['hello']);
    const releasesOne = (await at(one, '/svc/v1/api-releases')).body as { id: number }[];
    const releasesTwo = (await at(two, '/svc/v1/api-releases')).body as { id: number }[];
    expect(releasesOne).toHaveLength(1);
    expect(releasesTwo).toHaveLength(1);
    // Each site's own table: both start at release 1.
    expect([releasesOne[0]!.id, releasesTwo[0]!.id]).toEqual([1, 1]);
    const eventsOne = (await at(one, '/svc/v1/events')).body as { events: { type: string; data?: unknown }[] };
    const eventsTwo = (await at(two, '/svc/v1/events')).body as { events: { type: string; data?: unknown }[] };
    expect(eventsOne.events.filter((event) => event.type === 'release')).toHaveLength(1);
    expect(eventsTwo.events.filter((event) => event.type === 'release')).toHaveLength(1);
    expect(JSON.stringify(eventsTwo)).not.toContain('only-one');
    const tables = await site.php("global $wpdb; echo implode( ',', $wpdb->get_col( \"SHOW TABLES LIKE '%svc%'\" ) );");
    expect(tables.split(',').sort()).toEqual(['wp_2_svc_blobs', 'wp_2_svc_events', 'wp_2_svc_releases', 'wp_svc_blobs', 'wp_svc_events', 'wp_svc_releases']);
  });

  it('keeps the namespace setting per site', async () => {
    const put = await at(two, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'two/v1' } });
    expect(put.status).toBe(200);
    try {
      expect((await at(two, '/two/v1/hello', { who: 'anonymous' })).body).toEqual({ route: 'site 2' });
      expect((await at(one, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
      expect((await at(one, '/svc-api/v1/hello', { who: 'anonymous' })).body).toEqual({ route: 'site 1' });
      expectError(await at(one, '/two/v1/hello', { who: 'anonymous' }), 404, 'rest_no_route');
    } finally {
      await at(two, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc-api/v1' } });
    }
  });

  it('builds the REST server for the request\'s site even when another site is current then', async () => {
    // A command-line snippet of site 1 whose first REST call is made while site 2 is current.
    const answers = await site.php(
      [
        'switch_to_blog( 2 );',
        // Not $switched: that is WordPress's own global (switch_to_blog() sets it).
        "$while_switched = rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/hello' ) );",
        'restore_current_blog();',
        "$back = rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/only-one' ) );",
        // WordPress 6.1 hands a refusal before dispatch back as the WP_Error, 6.9 as an error response.
        "$refused = is_wp_error( $while_switched ) ? $while_switched : ( $while_switched->is_error() ? $while_switched->as_error() : null );",
        "echo wp_json_encode( array( null === $refused ? $while_switched->get_status() : $refused->get_error_code(), $back->get_status(), $back->get_data() ) );",
      ].join('\n'),
    );
    expect(JSON.parse(answers)).toEqual(['svc_other_site', 200, { route: 'only on site 1' }]);
  });

  it('refuses its routes to a request dispatched while switch_to_blog() made another site current', async () => {
    const switcher = routeSource(
      'Switcher',
      [
        '\tpublic function get(): array {',
        '\t\tswitch_to_blog( 2 );',
        "\t\t$route = rest_do_request( new \\WP_REST_Request( 'GET', '/svc-api/v1/only-one' ) );",
        "\t\t$files = rest_do_request( new \\WP_REST_Request( 'GET', '/svc/v1/api-files' ) );",
        '\t\trestore_current_blog();',
        "\t\t$back = rest_do_request( new \\WP_REST_Request( 'GET', '/svc-api/v1/only-one' ) );",
        '\t\treturn array(',
        // A refusal before dispatch reaches rest_do_request() as the WP_Error itself (WordPress 6.1) or
        // as an error response (6.9).
        "\t\t\t'route' => self::refusal( $route ),",
        "\t\t\t'files' => self::refusal( $files ),",
        "\t\t\t'back'  => array( $back->get_status(), $back->get_data() ),",
        '\t\t);',
        '\t}',
        '\tprivate static function refusal( mixed $answer ): array {',
        '\t\t$error = is_wp_error( $answer ) ? $answer : ( $answer->is_error() ? $answer->as_error() : null );',
        "\t\treturn null === $error ? array( $answer->get_status() ) : array( $error->get_error_data()['status'] ?? $answer->get_status(), $error->get_error_code() );",
        '\t}',
      ].join('\n'),
      OPEN,
    );
    await pushedTo(one, { switcher });
    const response = await at(one, '/svc-api/v1/switcher', { who: 'anonymous' });
    expect(response.body).toEqual({
      route: [409, 'svc_other_site'],
      files: [409, 'svc_other_site'],
      back: [200, { route: 'only on site 1' }],
    });
  });
});

describe('a node behind the active release, caught up inside another site\'s turn', () => {
  /** PHP: the current site's node reports (svc_node_* options), name first, as a prepared query. */
  const NODE_REPORT_ROWS = "$wpdb->prepare( \"SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name\", $wpdb->esc_like( 'svc_node_' ) . '%' )";

  /** Site `blogId`'s node reports as stored (svc_node_* options), read without svc. */
  async function nodeReports(blogId: number): Promise<{ option_name: string; option_value: string }[]> {
    const rows = await site.php(
      [
        'global $wpdb;',
        `switch_to_blog( ${blogId} );`,
        `echo wp_json_encode( $wpdb->get_results( ${NODE_REPORT_ROWS}, ARRAY_A ) );`,
      ].join('\n'),
    );
    return JSON.parse(rows) as { option_name: string; option_value: string }[];
  }

  it('tidies at the end of the request on its own site, though the request ends with another site current', async () => {
    await pushedTo(one, { 'catch-up': publicGet('MultisiteCatchUp', 'first') });
    await pushedTo(one, { 'catch-up': publicGet('MultisiteCatchUp', 'second') });
    const active = ((await at(one, '/svc/v1/api-releases')).body as { id: number; active: boolean }[]).find((release) => release.active)!.id;
    const link = path.join(one.svcDir, 'api');
    const served = readlinkSync(link);
    const [older] = treeNames(one.svcDir).filter((name) => name !== path.basename(served));
    expect(older).toBeDefined();
    // What a worker killed between the second push's commit and its swap leaves: the tree before it served.
    symlinkSync(path.join(path.dirname(served), older!), `${link}.test`);
    renameSync(`${link}.test`, link);
    // Site 1's report is forgotten, so that only this catch-up's tidying can write it again.
    await site.php(`global $wpdb; foreach ( $wpdb->get_col( ${NODE_REPORT_ROWS} ) as $name ) { delete_option( $name ); }`);
    expect(await nodeReports(1)).toEqual([]);
    const siteTwoBefore = await nodeReports(2);

    // Site 1's first REST call is made while site 2 is current (svc sets itself up on site 1, catches
    // up there and is refused the call), and the snippet ends switched: its shutdown runs on site 2.
    const refused = await site.php(
      [
        'switch_to_blog( 2 );',
        "$answer = rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/catch-up' ) );",
        'echo is_wp_error( $answer ) ? $answer->get_error_code() : ( $answer->is_error() ? $answer->as_error()->get_error_code() : $answer->get_status() );',
      ].join('\n'),
    );
    expect(refused).toBe('svc_other_site');

    // Caught up: a tree of its own for the active release, and of the three then only it and one other are left.
    const caughtUp = readlinkSync(link);
    expect([older, path.basename(served)]).not.toContain(path.basename(caughtUp));
    expect(treeNames(one.svcDir)).toHaveLength(2);
    expect(treeNames(one.svcDir)).toContain(path.basename(caughtUp));
    // Its report went to site 1's options, naming the release it serves; site 2's are as they were.
    const reports = await nodeReports(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.option_value).toContain(`s:7:"release";i:${active};`);
    expect(await nodeReports(2)).toEqual(siteTwoBefore);
    expect((await at(one, '/svc-api/v1/catch-up', { who: 'anonymous' })).body).toEqual({ route: 'second' });
  });
});

describe('who may manage and deploy', () => {
  it('a site administrator is nobody on another site: 403 for site 1', async () => {
    expectError(await at(one, '/svc/v1/api-files', { who: 'siteadmin' }), 403, 'rest_forbidden');
    expectError(await pushTo(one, { intruder: publicGet('Intruder', 'no') }, 'siteadmin'), 403, 'rest_forbidden');
  });

  it('a site administrator manages their own site but does not deploy PHP there by default', async () => {
    expect(await slugsOf(two)).toEqual(['hello']);
    const asSiteAdmin = await at(two, '/svc/v1/api-files?content=false', { who: 'siteadmin' });
    expect(asSiteAdmin.status).toBe(200);
    const refused = await pushTo(two, { mine: publicGet('Mine', 'mine') }, 'siteadmin');
    expectError(refused, 403, 'svc_deploy_forbidden');
    expect(refused.body.message).toContain('super admins');
    expectError(await at(two, '/svc/v1/api-files', { who: 'siteadmin', method: 'DELETE', json: { filenames: ['hello'] } }), 403, 'svc_deploy_forbidden');
    expect(await slugsOf(two)).toEqual(['hello']);
    // Status says so to them, and nothing more to the super admin.
    const status = await at(two, '/svc/v1/status', { who: 'siteadmin' });
    expect(status.body.deploy).toEqual({ allowed: true, caller: { allowed: false, reason: expect.stringContaining('SVC_SITE_ADMINS_MAY_DEPLOY') } });
    expect((await at(two, '/svc/v1/status')).body.deploy).toEqual({ allowed: true });
  });

  it('the admin page of their site is theirs, and says who deploys', async () => {
    const page = await site.php(
      [
        "require_once ABSPATH . 'wp-admin/includes/plugin.php';",
        'switch_to_blog( 2 );',
        `wp_set_current_user( ${network.siteAdmin.id} );`,
        'ob_start();',
        '( new \\Svc\\Admin\\AdminPage() )->render();',
        'echo ob_get_clean();',
      ].join('\n'),
    );
    expect(page).toContain('id="svc-admin-root"');
    expect(page).toContain(`data-rest-root="${two.url}/wp-json/"`);
    expect(page).toContain('svc-deploy-forbidden');
    expect(page).toContain('Active release: #');
  });

  it('a closed route of their own site answers them (manage_options there)', async () => {
    await pushedTo(two, { 'closed-two': routeSource('ClosedTwo', "\tpublic function get(): array { return array( 'closed' => 2 ); }") });
    expect((await at(two, '/svc-api/v1/closed-two', { who: 'siteadmin' })).body).toEqual({ closed: 2 });
    expectError(await at(two, '/svc-api/v1/closed-two', { who: 'anonymous' }), 401, 'rest_forbidden');
  });

  it('the network may let site administrators deploy to their own site, never to another', async () => {
    await site.php("update_site_option( 'svc_e2e_site_admins_deploy', 1 );");
    try {
      const pushed = await pushTo(two, { mine: publicGet('Mine', 'mine') }, 'siteadmin');
      expect(pushed.status).toBe(200);
      expect((await at(two, '/svc-api/v1/mine', { who: 'anonymous' })).body).toEqual({ route: 'mine' });
      expectError(await pushTo(one, { mine: publicGet('Mine', 'mine') }, 'siteadmin'), 403, 'rest_forbidden');
      expectError(await at(one, '/svc-api/v1/mine', { who: 'anonymous' }), 404, 'rest_no_route');
    } finally {
      await site.php("delete_site_option( 'svc_e2e_site_admins_deploy' );");
    }
  });

  it('the super admin deploys to every site', async () => {
    expect((await pushTo(one, { 'by-super': publicGet('BySuper', 'super on 1') })).status).toBe(200);
    expect((await pushTo(two, { 'by-super': publicGet('BySuper', 'super on 2') })).status).toBe(200);
    expect((await at(two, '/svc-api/v1/by-super', { who: 'anonymous' })).body).toEqual({ route: 'super on 2' });
  });
});

describe('the CLI logged in to a subsite', () => {
  let svc: SvcRunner;
  let project: string;

  beforeAll(async () => {
    const cli = await packedCli();
    project = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-multisite-'));
    writeRoute(path.join(project, 'api'), 'from-cli.php', routeSource('FromCli', "\tpublic function get(): array { return array( 'from' => 'cli' ); }", OPEN));
    svc = svcRunner(cli.bin, project);
  }, 300_000);

  afterAll(() => {
    if (project !== undefined) rmSync(project, { recursive: true, force: true });
    if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
  });

  it('pushes to that site only', async () => {
    const login = await svc(['login', '--url', two.url, '--user', 'admin', '--password-stdin', '--insecure-store', '--site', 'two'], {
      input: `${site.users.admin.appPassword}\n`,
    });
    expect(login).toMatchObject({ code: 0 });
    expect(login.stdout).toContain(`Its REST API is at ${two.url}/wp-json/`);
    const push = await svc(['api', 'push', '--site', 'two']);
    expect(push).toMatchObject({ code: 0 });
    expect((await at(two, '/svc-api/v1/from-cli', { who: 'anonymous' })).body).toEqual({ from: 'cli' });
    expectError(await at(one, '/svc-api/v1/from-cli', { who: 'anonymous' }), 404, 'rest_no_route');
    expect(await slugsOf(one)).not.toContain('from-cli');
  });

  it('tells a site administrator who may deploy', async () => {
    const login = await svc(['login', '--url', two.url, '--user', network.siteAdmin.login, '--password-stdin', '--insecure-store', '--site', 'two-admin'], {
      input: `${network.siteAdmin.appPassword}\n`,
    });
    expect(login).toMatchObject({ code: 0 });
    writeRoute(path.join(project, 'api'), 'other.php', publicGet('OtherFromCli', 'other'));
    const push = await svc(['api', 'push', '--site', 'two-admin']);
    expect(push).toMatchObject({ code: 1 });
    expect(push.stderr).toContain(`may not deploy to ${two.url} (403)`);
    expect(push.stderr).toContain('super admin');
  });
});

describe('switching svc off and on for the whole network', () => {
  /** Each site's early-cache serial, read from its own options table past every cache. */
  async function serials(): Promise<Record<string, string | null>> {
    const out = await site.php(
      [
        'global $wpdb;',
        '$serials = array();',
        'foreach ( array( 1, 2 ) as $id ) {',
        "\t$table = $wpdb->get_blog_prefix( $id ) . 'options';",
        "\t$serials[ $id ] = $wpdb->get_var( \"SELECT option_value FROM $table WHERE option_name = 'svc_early_cache_serial'\" );",
        '}',
        'echo wp_json_encode( $serials );',
      ].join('\n'),
    );
    return JSON.parse(out) as Record<string, string | null>;
  }

  it('a network deactivation stops cached answers on every site, and a network activation starts them again', async () => {
    await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins( 'svc/svc.php', false, true );");
    // Not only the main site, where WordPress runs the hook: site 2's drop-in would go on serving.
    // Off, keeping the count: activation goes on from it, past every serial an index was published with.
    const off = await serials();
    expect(off).toEqual({ 1: expect.stringMatching(/^off:[0-9]+$/), 2: expect.stringMatching(/^off:[0-9]+$/) });
    const activated = await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; $r = activate_plugin( 'svc/svc.php', '', true ); echo is_wp_error( $r ) ? $r->get_error_message() : 'ok';");
    expect(activated).toBe('ok');
    const after = await serials();
    expect(after['1']).toMatch(/^[0-9]+$/);
    expect(after['2']).toMatch(/^[0-9]+$/);
    expect(Number(after['1'])).toBeGreaterThan(Number(off['1']?.slice(4)));
    expect(Number(after['2'])).toBeGreaterThan(Number(off['2']?.slice(4)));
    // Both sites serve their routes again.
    expect(await slugsOf(two)).toContain('hello');
  });
});

describe('a deleted site and the uninstall', () => {
  it('a site deleted from the network takes its svc tables and files with it', async () => {
    const id = Number(await site.php("echo svc_test_add_site( '/site3/', 'svc site 3' );"));
    expect(id).toBe(3);
    const three: NetworkSite = { blogId: 3, url: `${one.url}/site3`, restRoot: `${one.url}/site3/wp-json`, svcDir: path.join(site.contentDir, 'svc', 'sites', '3') };
    await pushedTo(three, { hello: publicGet('MultisiteHello', 'site 3') });
    expect(existsSync(path.join(three.svcDir, 'api', 'hello.php'))).toBe(true);
    await site.php("require_once ABSPATH . 'wp-admin/includes/ms.php'; wpmu_delete_blog( 3, true );");
    expect(existsSync(three.svcDir)).toBe(false);
    const tables = await site.php("global $wpdb; echo implode( ',', $wpdb->get_col( \"SHOW TABLES LIKE 'wp\\\\_3\\\\_%'\" ) );");
    expect(tables).toBe('');
    expect(existsSync(path.join(two.svcDir, 'api', 'hello.php'))).toBe(true);
  });

  it('uninstall removes the options, tables and files of every site', async () => {
    await site.php(
      [
        "define( 'WP_UNINSTALL_PLUGIN', 'svc/svc.php' );",
        "include WP_PLUGIN_DIR . '/svc/uninstall.php';",
      ].join('\n'),
    );
    const left = await site.php(
      [
        'global $wpdb;',
        "$options = array();",
        'foreach ( array( 1, 2 ) as $id ) {',
        "\t$table = $wpdb->get_blog_prefix( $id ) . 'options';",
        "\t$options = array_merge( $options, $wpdb->get_col( \"SELECT option_name FROM $table WHERE option_name LIKE 'svc\\\\_%'\" ) );",
        '}',
        "echo wp_json_encode( array( 'tables' => $wpdb->get_col( \"SHOW TABLES LIKE '%svc%'\" ), 'options' => $options ) );",
      ].join('\n'),
    );
    expect(JSON.parse(left)).toEqual({ tables: [], options: [] });
    expect(existsSync(path.join(site.contentDir, 'svc'))).toBe(false);
  });
});
