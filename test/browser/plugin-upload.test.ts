/**
 * The zip `svc plugin zip` makes (from the packed CLI, as users get it) installs and activates on
 * the newest WordPress (the official 6.9.1 release) through wp-admin's own "Upload Plugin" screen,
 * in a real browser, and the plugin then answers: its admin page and its management API.
 *
 *   npm run test:jest -- test/browser/plugin-upload.test.ts
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { packedCli, REPO_ROOT } from '../cli/helpers/packed-cli.js';
import { svcRunner } from '../cli/helpers/run-svc.js';
import { startWordPress, type WordPressSite } from '../support/wordpress.js';
import { logIn } from './helpers/log-in.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCREENSHOTS = path.join(REPO_ROOT, 'artifacts', 'screenshots');

let site: WordPressSite;
let context: BrowserContext;
let page: Page;
let scratch: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install -y chromium).`);
  scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-upload-'));
  mkdirSync(SCREENSHOTS, { recursive: true });
  [site, context] = await Promise.all([
    // No plugin linked: the browser installs it. The official release serves its admin assets itself.
    startWordPress({ wordpress: 'newest', pluginDir: false }),
    chromium.launchPersistentContext(path.join(scratch, 'profile'), { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } }),
  ]);
  await context.route((url) => url.origin !== new URL(site.url).origin, (route) => route.abort('blockedbyclient'));
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
}, 300_000);

afterAll(async () => {
  await context?.close();
  await site?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

test("the zip of svc plugin zip installs through Plugins → Add New → Upload Plugin on the newest WordPress, and activates", async () => {
  expect(site.wordpressVersion).toMatch(/^6\.9\./);
  const { bin } = await packedCli();
  const zip = path.join(scratch, 'svc.zip');
  const made = await svcRunner(bin, scratch)(['plugin', 'zip', '--out', zip]);
  expect(made.code).toBe(0);

  // Before: no svc, so its management API is no route.
  expect((await site.fetch('/svc/v1/api-namespace')).status).toBe(404);

  await logIn(page, site, 'admin');

  await page.goto(`${site.url}/wp-admin/plugin-install.php?tab=upload`, { waitUntil: 'domcontentloaded' });
  await page.setInputFiles('#pluginzip', zip);
  await Promise.all([page.waitForURL(/update\.php\?action=upload-plugin/, { waitUntil: 'domcontentloaded' }), page.click('#install-plugin-submit')]);
  await expect(page.locator('.wrap').textContent()).resolves.toContain('Plugin installed successfully.');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'plugin-upload-installed.png'), fullPage: true });

  await Promise.all([page.waitForURL(/plugins\.php/, { waitUntil: 'domcontentloaded' }), page.getByRole('link', { name: 'Activate Plugin' }).click()]);
  await expect(page.locator('#message, .notice-success').first().textContent()).resolves.toContain('activated');
  await expect(page.locator('tr[data-slug="svc"]').getAttribute('class')).resolves.toContain('active');

  // The installed copy answers: its management API, and its admin page under Settings.
  const namespace = await site.fetch('/svc/v1/api-namespace');
  expect(namespace.status).toBe(200);
  expect(await namespace.json()).toEqual({ namespace: 'svc-api/v1' });
  await page.goto(`${site.url}/wp-admin/options-general.php?page=svc`, { waitUntil: 'domcontentloaded' });
  await page.locator('#svc-admin-root [role="tablist"]').waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'plugin-upload-admin-page.png'), fullPage: true });
}, 300_000);
