/**
 * The tests' WordPress release archives: the repository's ../shared/vendor/ holds what no registry
 * here serves (wordpress-6.9.1.tar.xz, with its SHA256SUMS), which makes it the "newest" WordPress
 * the end-to-end suites run on. A directory named in SVC_WORDPRESS_ARCHIVES already is kept.
 */
import path from 'node:path';

import { sharedVendorDir } from '../../scripts/lib/shared-vendor.mjs';

const vendor = sharedVendorDir();
const named = (process.env['SVC_WORDPRESS_ARCHIVES'] ?? '').split(path.delimiter).filter((dir) => dir !== '');
if (vendor !== undefined && !named.includes(vendor)) process.env['SVC_WORDPRESS_ARCHIVES'] = [...named, vendor].join(path.delimiter);
