/**
 * svc doctor's early-cache line: where the site serves stored #[Cache] answers from, and what to do
 * when that is later than it could be. Pure, as the other checks (doctor-checks.ts).
 */
import type { Check, CheckStatus } from './doctor-checks.js';
import type { EarlyCacheEntry, EarlyCacheReason, EarlyCacheStatus, EarlyCacheStore } from './site-types.js';

/**
 * Why cached answers come only as the svc plugin loads, as the site gives the reason: what it means
 * and what to do. Only svc's own drop-in serves them before WordPress loads. WP_CACHE off (the
 * default, and the administrator's to change) and another plugin's page cache are working states,
 * so they pass with a hint; a drop-in svc meant to serve from but cannot is a warning.
 */
const EARLY_CACHE_STATES: Readonly<Record<Exclude<EarlyCacheReason, 'dropin_active'>, { readonly status: CheckStatus; readonly reason: string; readonly fix?: string }>> = {
	wp_cache_off: {
		status: 'ok',
		reason:
			'Cached answers are served as the svc plugin loads (WP_CACHE is off); to serve them before any plugin loads, run "wp svc cache enable" or use Settings → svc in wp-admin.',
	},
	foreign_dropin: {
		status: 'ok',
		reason:
			"Cached answers are served as the svc plugin loads: another plugin's advanced-cache.php (a page cache) is installed, and svc leaves it alone.",
	},
	dropin_missing: {
		status: 'warn',
		reason: "WP_CACHE is on but svc's advanced-cache.php is not installed, so cached answers are served after plugins load.",
		fix: 'Run "wp svc cache enable".',
	},
	dropin_disabled: {
		status: 'warn',
		reason: 'A filter turns advanced-cache.php off (enable_loading_advanced_cache_dropin), so cached answers are served after plugins load.',
		fix: 'Remove the enable_loading_advanced_cache_dropin filter that returns false (a plugin or mu-plugin adds it).',
	},
};

const EARLY_CACHE_STORES: Readonly<Record<EarlyCacheStore, string>> = {
	'object-cache': 'stored in the persistent object cache',
	disk: 'stored on disk',
};

/** Only from a plugin that has the early cache: whether svc's drop-in serves cached answers before WordPress loads. */
export function earlyCacheCheck(early: EarlyCacheStatus): Check {
	const title = 'Early cache';
	if (early.reason === 'dropin_active') {
		if (early.entry === 'advanced-cache') {
			const where = ['advanced-cache.php', ...(early.store === undefined ? [] : [EARLY_CACHE_STORES[early.store]])].join(', ');
			return { id: 'early-cache', status: 'ok', title, reason: `Cached answers are served before WordPress loads (${where}).` };
		}
		// The site says its drop-in is active yet serves as the plugin loads: nothing svc can name a fix for.
		return { id: 'early-cache', status: 'warn', title, reason: "svc's advanced-cache.php is active, yet the site serves cached answers as its plugin loads." };
	}
	return { id: 'early-cache', title, ...EARLY_CACHE_STATES[early.reason] };
}

const EARLY_CACHE_ENTRIES: readonly EarlyCacheEntry[] = ['advanced-cache', 'plugin'];
const EARLY_CACHE_REASONS: readonly EarlyCacheReason[] = ['dropin_active', 'dropin_missing', 'foreign_dropin', 'wp_cache_off', 'dropin_disabled'];
const EARLY_CACHE_STORE_WORDS: readonly EarlyCacheStore[] = ['object-cache', 'disk'];

/**
 * `early_cache` of `GET diagnostics`. Its entry and reason are what svc doctor judges, so both must
 * be words svc knows (else undefined: doctor then says nothing of it, as for an older plugin); the
 * store is only shown, and left undefined when it is not one. Its other facts are not read. Parsed
 * here rather than in site-parsers.ts, which imports the site transport: doctor's bundle would then
 * load it before doctor's first request (lazy-site-client.ts).
 */
export function parseEarlyCacheStatus(value: unknown): EarlyCacheStatus | undefined {
	const item = value as Record<string, unknown> | null | undefined;
	const entry = oneOf(item?.['entry'], EARLY_CACHE_ENTRIES);
	const reason = oneOf(item?.['reason'], EARLY_CACHE_REASONS);
	if (entry === undefined || reason === undefined) return undefined;
	return { entry, reason, store: oneOf(item?.['store'], EARLY_CACHE_STORE_WORDS) };
}

function oneOf<T extends string>(value: unknown, words: readonly T[]): T | undefined {
	return words.find((word) => word === value);
}
