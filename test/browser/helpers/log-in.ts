import type { Page } from 'playwright-core';

import type { SiteUserName, WordPressSite } from '../../support/wordpress.js';

/**
 * Logs `user` in through wp-login.php, as a person would. Done once wp-admin's HTML has arrived:
 * the page's load event also waits for every script and stylesheet of the dashboard, which on a
 * loaded CI machine has taken past 30 s (a CI run failed there, in the upload test).
 */
export async function logIn(page: Page, site: WordPressSite, user: SiteUserName): Promise<void> {
  const { login, password } = site.users[user];
  await page.goto(`${site.url}/wp-login.php`);
  await page.fill('#user_login', login);
  await page.fill('#user_pass', password);
  await Promise.all([page.waitForURL(/\/wp-admin\//, { waitUntil: 'domcontentloaded' }), page.click('#wp-submit')]);
}
