/**
 * A throwaway WordPress on this machine's Debian PHP, MariaDB and WordPress: the test harness's own
 * startWordPress(), without its apt-get path (missing packages are an error naming them) and with
 * signals left to the caller, who stops the site and exits 130 itself.
 */
import { randomBytes } from 'node:crypto';

import type { LocalSite } from './local-site.js';
import { startWordPress } from './wordpress.js';

export async function startNativeSite(options: { server: 'fpm' | 'php'; label: string; verbose?: boolean }): Promise<LocalSite> {
  // A login password of this site's own: the URL is loopback-only, but other users of the machine reach it too.
  const password = randomBytes(12).toString('base64url');
  const site = await startWordPress({
    server: options.server,
    // php -S with opcache revalidating on each request; php-fpm runs with opcache as in production.
    opcache: true,
    installPackages: false,
    signalHandlers: false,
    adminPassword: password,
    wordpress: 'debian',
    verbose: options.verbose ?? false,
  });
  return {
    url: site.url,
    runtime: options.label,
    admin: { login: site.users.admin.login, password },
    appPassword: site.users.admin.appPassword,
    stop: () => site.stop(),
  };
}
