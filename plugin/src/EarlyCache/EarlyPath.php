<?php
/**
 * The early cache's classes for a cached route's request, in one file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * A request naming a cached route loads these before WordPress boots, hit or miss: one by one
 * through the autoloader they cost a miss about 6 µs each (scripts/bench/profile-j.ts), most of
 * what a miss spends before WordPress on the disk store. scripts/build-early-path.php writes
 * `plugin/early-path.php` from this list (the files in src/EarlyCache stay the source); the entry
 * script includes it once it knows the route is cached, so a page or another route never pays for
 * it. An interface comes before the classes implementing it. None is in Plugin::HOT_PATH: a class
 * in both would keep one of the two bundles from ever being included.
 */
final class EarlyPath {

	public const CLASSES = array(
		'Svc\\EarlyCache\\AnswerStore',
		'Svc\\EarlyCache\\StoreChoice',
		'Svc\\EarlyCache\\LazyStore',
		'Svc\\EarlyCache\\DiskStore',
		'Svc\\EarlyCache\\ObjectCacheStore',
		'Svc\\EarlyCache\\Folders',
		'Svc\\EarlyCache\\Lookup',
		'Svc\\EarlyCache\\EarlyServer',
		'Svc\\EarlyCache\\SharedRequest',
		'Svc\\EarlyCache\\RequestLine',
		'Svc\\EarlyCache\\Credentials',
		'Svc\\EarlyCache\\AnswerKey',
		'Svc\\EarlyCache\\HitPlan',
		'Svc\\EarlyCache\\AnswerAge',
		'Svc\\EarlyCache\\HitCounts',
		'Svc\\EarlyCache\\StoredAnswer',
		'Svc\\EarlyCache\\StorableAnswer',
		'Svc\\EarlyCache\\SentHeaders',
		'Svc\\EarlyCache\\Reply',
		'Svc\\EarlyCache\\EntityTag',
		'Svc\\EarlyCache\\StampReader',
		'Svc\\EarlyCache\\SiteKey',
		'Svc\\EarlyCache\\IndexStamp',
		'Svc\\EarlyCache\\DbHost',
	);

	/**
	 * Includes the bundle only while none of its classes is declared (a class declared twice is a
	 * fatal error); otherwise each loads from its own file, as without the bundle.
	 *
	 * @param list<string> $classes
	 */
	public static function include( string $file, array $classes = self::CLASSES ): bool {
		foreach ( $classes as $class_name ) {
			if ( class_exists( $class_name, false ) || interface_exists( $class_name, false ) ) {
				return false;
			}
		}
		require $file;
		return true;
	}
}
