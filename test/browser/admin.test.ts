/**
 * The svc admin page in a real browser: Debian's chromium driven by playwright-core against the
 * throwaway WordPress of test/support/wordpress.ts, with the repo's plugin/ (and its committed
 * plugin/build/) linked in.
 *
 * Screenshots of both tabs are written to artifacts/screenshots/ on every run.
 *
 *   npm run test:jest -- test/browser
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

import { startWordPress, type WordPressSite } from '../support/wordpress.js';
import { logIn } from './helpers/log-in.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOTS = path.join(REPO, 'artifacts', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGE_PATH = '/wp-admin/options-general.php?page=svc';
const STEP_TIMEOUT = 30_000;

/** Markup that would run if the page ever turned file-derived text into HTML. */
const XSS_IN_ERROR = '<img src=x onerror=alert(1)>';
const XSS_IN_NAME = '<img src=x onerror=alert(2)>';

const HELLO = `<?php
declare(strict_types=1);

use Svc\\Api\\Attribute\\Permission;

#[Permission(public: true)]
final class AdminTestHello {

	public function get(): array {
		return array( 'message' => 'Hello from the admin test' );
	}
}
`;

const USER_BY_ID = `<?php
declare(strict_types=1);

final class AdminTestUserById {

	public function get( WP_REST_Request $request ): array {
		return array( 'id' => (int) $request['id'] );
	}

	public function delete( WP_REST_Request $request ): array {
		return array( 'deleted' => (int) $request['id'] );
	}
}
`;

const STATUS = `<?php
declare(strict_types=1);

final class AdminTestStatus {

	public function get(): array {
		return array( 'ok' => true );
	}
}
`;

/** Every policy a route file can declare, as the API tab shows them. */
const JOBS = `<?php
declare(strict_types=1);

use Svc\\Api\\Attribute\\Cache;
use Svc\\Api\\Attribute\\RateLimit;
use Svc\\Api\\Attribute\\Schedule;

final class AdminTestJobs {

	#[Cache(maxAge: 300, staleWhileRevalidate: 60)]
	#[RateLimit(requests: 60, per: 60)]
	public function get(): array {
		return array();
	}

	#[Schedule('hourly')]
	public function syncOrders(): void {
	}
}
`;

/** A public cached GET: its answers are stored, and counted, by the early cache. */
const FEED = `<?php
declare(strict_types=1);

use Svc\\Api\\Attribute\\Cache;
use Svc\\Api\\Attribute\\Permission;

#[Permission(public: true)]
final class AdminTestFeed {

	#[Cache(maxAge: 300)]
	public function get(): array {
		return array( 'items' => array( 1, 2, 3 ) );
	}
}
`;

/** Scans fine (one class, strict types) but fails when required: its parent does not exist. */
const MISSING_PARENT = `<?php
declare(strict_types=1);

final class AdminTestOrphan extends AdminTestNoSuchBase {

	public function get(): array {
		return array();
	}
}
`;

/** A syntax error next to a string holding markup: PHP's parse error quotes the string. */
const MARKUP_IN_PARSE_ERROR = `<?php
declare(strict_types=1);

final class AdminTestMarkup {

	public function get(): array {
		return array( 'x' => 'a' '${XSS_IN_ERROR}' );
	}
}
`;

interface ApiFileRecord {
  filename: string;
  path: string;
  route: string | null;
  methods: string[];
  public?: boolean;
  error?: string;
  early_cache?: { hits: number; misses: number };
}

let site: WordPressSite;
let context: BrowserContext;
let page: Page;
let profileDir: string;
const dialogs: string[] = [];
const pageErrors: string[] = [];
const requestedUrls: string[] = [];

function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install -y chromium).`);
  }
}

/** Loads the page afresh (a goto that changes only the #fragment would not reload it). */
async function openPage(hash = ''): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${site.url}${PAGE_PATH}${hash}`);
  await page.locator('#svc-admin-root [role="tablist"]').waitFor();
}

async function openTab(name: 'API' | 'Settings'): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).resolves.toBe('true');
}

/** The API tab's table once loaded. */
async function fileTable(): Promise<Locator> {
  const table = page.locator('table.svc-files');
  await table.waitFor();
  return table;
}

function row(filename: string): Locator {
  return page.locator('tr.svc-file').filter({ has: page.locator('.svc-file__name', { hasText: `${filename}.php` }) });
}

async function listing(): Promise<ApiFileRecord[]> {
  const response = await site.fetch('/svc/v1/api-files?content=false');
  expect(response.status).toBe(200);
  return (await response.json()) as ApiFileRecord[];
}

async function record(filename: string): Promise<ApiFileRecord> {
  const found = (await listing()).find((candidate) => candidate.filename === filename);
  if (found === undefined) throw new Error(`${filename} is not in the api-files listing`);
  return found;
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  requireChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  profileDir = mkdtempSync(path.join(os.tmpdir(), 'svc-chromium-'));
  const [started, browser] = await Promise.all([
    // Debian's WordPress whatever SVC_TEST_WORDPRESS says: the npm builds load their admin scripts
    // and styles from a CDN, and this browser reaches the test site only.
    startWordPress({ wordpress: 'debian' }),
    chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 860 },
    }),
  ]);
  site = started;
  context = browser;
  // Only the test site, ever: anything else (e.g. the admin bar's avatar from gravatar.com) is
  // aborted at once instead of hanging the page's load event on a network that is not there.
  await context.route((url) => url.origin !== new URL(site.url).origin, (route) => route.abort('blockedbyclient'));
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requestedUrls.push(request.url()));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
});

test('plugin/build/ is what plugin/admin/src builds to', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(REPO, 'scripts/build-admin.mjs'), '--check'], { cwd: REPO });
  expect(stdout).toContain('up to date');
}, STEP_TIMEOUT);

describe('as an administrator', () => {
  test('logs in through wp-login.php and finds the svc page under Settings with both tabs', async () => {
    await logIn(page, site, 'admin');
    // On a Settings screen the Settings submenu is open, so its svc entry can be clicked.
    await page.goto(`${site.url}/wp-admin/options-general.php`);
    const menuLink = page.locator('#adminmenu a[href="options-general.php?page=svc"]');
    await expect(menuLink.textContent()).resolves.toBe('svc');
    await Promise.all([page.waitForURL(/page=svc/, { waitUntil: 'domcontentloaded' }), menuLink.click()]);
    await page.locator('#svc-admin-root [role="tablist"]').waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['API', 'Settings']);
    await expect(page.locator('.wrap h1').textContent()).resolves.toBe('svc');
  }, STEP_TIMEOUT);

  test('with nothing deployed, the API tab says how to deploy the first route', async () => {
    await openPage();
    const empty = page.locator('.svc-empty');
    await empty.waitFor();
    await expect(empty.textContent()).resolves.toContain('svc api push');
    await expect(page.locator('table.svc-files').count()).resolves.toBe(0);
    await screenshot('admin-api-tab-empty');
  }, STEP_TIMEOUT);

  describe('with route files deployed', () => {
    beforeAll(async () => {
      const pushed = await site.fetch('/svc/v1/api-files', {
        method: 'POST',
        json: {
          files: [
            { filename: 'hello', content: HELLO },
            { filename: 'status', content: STATUS },
            { filename: 'users/[id]', content: USER_BY_ID },
            { filename: 'jobs', content: JOBS },
            { filename: 'feed', content: FEED },
          ],
        },
      });
      expect(pushed.status).toBe(200);
      // Files no push would accept, put straight into api/ as an SFTP upload would.
      const api = path.join(site.svcDir, 'api');
      writeFileSync(path.join(api, 'orphan.php'), MISSING_PARENT);
      writeFileSync(path.join(api, 'markup.php'), MARKUP_IN_PARSE_ERROR);
      writeFileSync(path.join(api, `${XSS_IN_NAME}.php`), STATUS.replace('AdminTestStatus', 'AdminTestBadName'));
      await openPage('#api');
      await fileTable();
    }, STEP_TIMEOUT);

    test('the API tab lists every file with its route, GET routes linked under the REST root', async () => {
      const names = await page.locator('.svc-file__name').allTextContents();
      const expected = (await listing()).map((file) => `${file.filename}.php`);
      expect(names).toEqual(expected);
      expect(names).toEqual(expect.arrayContaining(['hello.php', 'status.php', 'users/[id].php', 'orphan.php', 'markup.php']));
      await expect(page.locator('table.svc-files thead th').allTextContents()).resolves.toEqual(['File', 'Route']);

      const status = row('status').locator('a.svc-route');
      await expect(status.textContent()).resolves.toBe('/svc-api/v1/status');
      await expect(status.getAttribute('href')).resolves.toBe(`${site.url}/wp-json/svc-api/v1/status`);
      // A route with a [param] has no URL to open as is: its path is shown, not linked.
      await expect(row('users/[id]').locator('a').count()).resolves.toBe(0);
      await expect(row('users/[id]').locator('.svc-route').textContent()).resolves.toBe('/svc-api/v1/users/[id]');
      await expect(row('users/[id]').locator('.svc-methods').textContent()).resolves.toBe('GET, DELETE');
      // Read-only: nothing on the page can change a route file.
      await expect(page.locator('#svc-admin-root button:not([role="tab"]), #svc-admin-root input').count()).resolves.toBe(0);
      await screenshot('admin-api-tab');
    }, STEP_TIMEOUT);

    test('a route\'s cache, rate limit and schedule (with its next run) are shown under its route', async () => {
      const policies = await row('jobs').locator('.svc-policy').allTextContents();
      expect(policies).toEqual([
        'Cache: GET answers for 300 s, stale while revalidating for 60 s',
        'Rate limit: GET 60 requests per 60 s per client',
        expect.stringMatching(/^Schedule: syncOrders\(\) hourly, next \d{4}-\d\d-\d\d \d\d:\d\d UTC, never ran$/),
      ]);
      await expect(row('status').locator('.svc-policies').count()).resolves.toBe(0);
    }, STEP_TIMEOUT);

    test('a cached public route shows its hits and misses, as the listing counts them', async () => {
      // The first anonymous GET is made by WordPress and stored (a miss); a later one is sent from the store.
      let hit = false;
      for (let attempt = 0; attempt < 20 && !hit; attempt++) {
        const answer = await site.fetch(`${site.url}/wp-json/svc-api/v1/feed`, { as: 'anonymous' });
        expect(answer.status).toBe(200);
        hit = answer.headers.get('x-svc-cache') === 'HIT';
      }
      expect(hit).toBe(true);
      // Counts are written after an answer is sent: read them once they have settled.
      let counts = (await record('feed')).early_cache;
      for (let read = 0; read < 10; read++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const again = (await record('feed')).early_cache;
        if (JSON.stringify(again) === JSON.stringify(counts)) break;
        counts = again;
      }
      expect(counts?.hits).toBeGreaterThanOrEqual(1);
      expect(counts?.misses).toBeGreaterThanOrEqual(1);
      await openPage('#api');
      await fileTable();
      const shown = row('feed').locator('.svc-policy__counts');
      await expect(shown.textContent()).resolves.toBe(` (${counts?.hits} hits, ${counts?.misses} misses)`);
      // A route the early cache does not serve (not public) has no counts.
      await expect(row('jobs').locator('.svc-policy__counts').count()).resolves.toBe(0);
    }, STEP_TIMEOUT);

    test('a file that failed to load shows the badge and the actual reason beneath its name', async () => {
      const { error } = await record('orphan');
      expect(error).toContain('AdminTestNoSuchBase');
      const orphan = row('orphan');
      await expect(orphan.locator('.svc-badge--failed').textContent()).resolves.toBe('Failed to load');
      await expect(orphan.locator('.svc-file__error').textContent()).resolves.toBe(error);
      await expect(orphan.locator('.svc-file__error').isVisible()).resolves.toBe(true);
      await expect(orphan.locator('a').count()).resolves.toBe(0);
      // Healthy files have no badge.
      await expect(row('status').locator('.svc-badge').count()).resolves.toBe(0);
    }, STEP_TIMEOUT);

    test('a public route shows a red Public badge, a closed one none', async () => {
      expect((await record('hello')).public).toBe(true);
      const badge = row('hello').locator('.svc-badge--public');
      await expect(badge.textContent()).resolves.toBe('Public');
      await expect(badge.evaluate((element) => getComputedStyle(element).backgroundColor)).resolves.toBe('rgb(214, 54, 56)');
      await expect(row('users/[id]').locator('.svc-badge--public').count()).resolves.toBe(0);
      await expect(row('status').locator('.svc-badge--public').count()).resolves.toBe(0);
    }, STEP_TIMEOUT);

    test('the API tab shows the latest events, newest first, as the events endpoint has them; problems marked', async () => {
      // The listing that loaded the page recorded the failed loads: a fresh page shows them.
      await openPage('#api');
      await fileTable();
      const table = page.locator('table.svc-event-table');
      await table.waitFor();
      const response = await site.fetch('/svc/v1/events?per_page=10');
      expect(response.status).toBe(200);
      const { events } = (await response.json()) as { events: { id: number; type: string; slug: string | null; message: string }[] };
      expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['release', 'load_failed']));
      await expect(table.locator('.svc-event__message').allTextContents()).resolves.toEqual(events.map((event) => event.message));
      await expect(table.locator('tr.svc-event').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-type')))).resolves.toEqual(events.map((event) => event.type));
      const orphanFailed = events.find((event) => event.type === 'load_failed' && event.slug === 'orphan');
      expect(orphanFailed?.message).toContain('AdminTestNoSuchBase');
      const marked = table.locator('tr.svc-event--problem', { hasText: orphanFailed?.message ?? '' });
      await expect(marked.count()).resolves.toBe(1);
      await expect(table.locator('tr.svc-event--problem[data-event-type="release"]').count()).resolves.toBe(0);
      await screenshot('admin-api-tab-events');
    }, STEP_TIMEOUT);

    test('markup in a load error or a file name is shown as text and runs nothing', async () => {
      const markup = await record('markup');
      expect(markup.error).toContain(XSS_IN_ERROR);
      const reason = row('markup').locator('.svc-file__error');
      await expect(reason.textContent()).resolves.toBe(markup.error);
      await expect(reason.isVisible()).resolves.toBe(true);

      const badName = await record(XSS_IN_NAME);
      expect(badName.route).toBeNull();
      const named = row(XSS_IN_NAME);
      await expect(named.locator('.svc-file__name').textContent()).resolves.toBe(`${XSS_IN_NAME}.php`);
      await expect(named.locator('.svc-file__error').textContent()).resolves.toBe(badName.error);
      await expect(named.locator('.svc-file__error').textContent()).resolves.toContain(XSS_IN_NAME);

      // Give an injected <img src=x> time to fail and fire its handler, had one been created.
      await page.waitForTimeout(300);
      await expect(page.locator('#svc-admin-root img').count()).resolves.toBe(0);
      expect(dialogs).toEqual([]);
      expect(requestedUrls.filter((url) => /\/x(\?|$)/.test(url))).toEqual([]);
    }, STEP_TIMEOUT);
  });

  describe('the Settings tab', () => {
    beforeAll(async () => {
      await openPage();
      await openTab('Settings');
      await page.locator('.svc-settings__namespace input').waitFor();
    }, STEP_TIMEOUT);

    const input = (): Locator => page.locator('.svc-settings__namespace input');
    const save = (): Locator => page.getByRole('button', { name: 'Save namespace' });

    /** What the server answers to a PUT of this value, straight over HTTP. */
    async function serverRefusal(namespace: string): Promise<{ code: string; message: string }> {
      const response = await site.fetch('/svc/v1/api-namespace', { method: 'PUT', json: { namespace } });
      expect(response.status).toBe(400);
      return (await response.json()) as { code: string; message: string };
    }

    test('shows the current namespace and the base its routes answer under', async () => {
      await expect(input().inputValue()).resolves.toBe('svc-api/v1');
      await expect(page.locator('.svc-settings').textContent()).resolves.toContain(`${site.url}/wp-json/svc-api/v1/`);
      await expect(save().isDisabled()).resolves.toBe(true);
    }, STEP_TIMEOUT);

    test('shows the server’s message for a malformed value and for the reserved svc/v1', async () => {
      for (const [value, code] of [
        ['Shop API/v1', 'svc_invalid_namespace'],
        ['svc/v1', 'svc_reserved_namespace'],
      ] as const) {
        const refusal = await serverRefusal(value);
        expect(refusal.code).toBe(code);
        await input().fill(value);
        await save().click();
        const notice = page.locator('.svc-settings__error');
        await notice.waitFor();
        await expect(notice.locator('.svc-error-text').textContent()).resolves.toBe(refusal.message);
      }
      await expect(page.locator('.svc-settings__error').textContent()).resolves.toContain('reserved');
      await screenshot('admin-settings-tab-refused');
      // Nothing changed on the server.
      const current = await site.fetch('/svc/v1/api-namespace');
      await expect(current.json()).resolves.toEqual({ namespace: 'svc-api/v1' });
    }, STEP_TIMEOUT);

    test('a change says every route URL moved, shows the new base, and the routes answer under it', async () => {
      await input().fill('shop/v2');
      await save().click();
      const moved = page.locator('.svc-settings__moved');
      await moved.waitFor();
      const text = await moved.textContent();
      expect(text).toContain('Every route URL moved');
      await expect(moved.locator('.svc-new-base').textContent()).resolves.toBe(`${site.url}/wp-json/shop/v2/`);
      await screenshot('admin-settings-tab');

      const current = await site.fetch('/svc/v1/api-namespace');
      await expect(current.json()).resolves.toEqual({ namespace: 'shop/v2' });
      const moved200 = await site.fetch(`${site.url}/wp-json/shop/v2/hello`, { as: 'anonymous' });
      expect(moved200.status).toBe(200);
      await expect(moved200.json()).resolves.toEqual({ message: 'Hello from the admin test' });
      const old = await site.fetch(`${site.url}/wp-json/svc-api/v1/hello`, { as: 'anonymous' });
      expect(old.status).toBe(404);

      // The API tab now links the new URLs, and the browser can open them.
      await openTab('API');
      const link = row('hello').locator('a.svc-route');
      await link.waitFor();
      await expect(link.getAttribute('href')).resolves.toBe(`${site.url}/wp-json/shop/v2/hello`);
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.waitForLoadState();
      await expect(opened.locator('body').textContent()).resolves.toContain('Hello from the admin test');
      await opened.close();
    }, STEP_TIMEOUT);

    test('the page ran without a script error or a PHP notice from the admin code', () => {
      expect(pageErrors).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(site.readLog()).not.toMatch(/src\/Admin\//);
    });
  });
});

test('an editor cannot open the page and has no menu entry for it', async () => {
  await context.clearCookies();
  await logIn(page, site, 'editor');
  await expect(page.locator('#adminmenu a[href="options-general.php?page=svc"]').count()).resolves.toBe(0);
  const response = await page.goto(`${site.url}${PAGE_PATH}`);
  expect(response?.status()).toBe(403);
  await expect(page.locator('body').textContent()).resolves.toContain('Sorry, you are not allowed to access this page.');
  await expect(page.locator('#svc-admin-root').count()).resolves.toBe(0);
}, STEP_TIMEOUT);
