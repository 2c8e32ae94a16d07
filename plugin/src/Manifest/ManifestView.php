<?php
/**
 * This request's copy of the manifest.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

/**
 * The whole manifest once something needed all of it; until then the saved head and the shards read
 * so far, merged into one view, so that a request for one route reads only the shards its path names.
 *
 * @phpstan-import-type View from ManifestStore
 * @phpstan-import-type Manifest from ManifestStore
 * @phpstan-import-type Shard from ManifestStore
 */
final class ManifestView {

	/** @var Manifest|null This request's whole manifest, once something needed all of it. */
	private ?array $whole = null;
	/** @var array<string, mixed>|null The saved head, once read (empty when it cannot be trusted). */
	private ?array $head = null;
	/** @var View The shards read so far, merged. */
	private array $partial;
	/** @var array<int, true> Shard numbers merged into $partial. */
	private array $read_shards = array();
	/** Counts the changes that can alter an entry already read (a new whole, a boot record, forget()). */
	private int $revision = 0;

	public function __construct( private readonly ManifestFiles $files ) {
		$this->partial = self::no_shards();
	}

	/**
	 * @return Manifest|null
	 */
	public function whole(): ?array {
		return $this->whole;
	}

	/**
	 * Keeps the whole manifest for the rest of the request.
	 *
	 * @param Manifest $manifest
	 * @return Manifest
	 */
	public function keep( array $manifest ): array {
		$this->whole = $manifest;
		++$this->revision;
		return $manifest;
	}

	/**
	 * Changes when an entry read from this copy may read differently now: what read one may keep it
	 * until then (ManifestStore::entry()). Shards merged later add entries but change none.
	 */
	public function revision(): int {
		return $this->revision;
	}

	/**
	 * The saved head, when it can be trusted as it is.
	 *
	 * @return array<string, mixed>|null
	 */
	public function head(): ?array {
		if ( null === $this->head ) {
			$head       = $this->files->head();
			$this->head = null !== $head && Freshness::trusted( $head ) ? $head : array();
		}
		return array() === $this->head ? null : $this->head;
	}

	/**
	 * The shards read so far with those numbered $numbers (of the generation $head names), merged;
	 * null when one of them is gone.
	 *
	 * @param array<string, mixed> $head
	 * @param list<int>            $numbers
	 * @return View|null
	 */
	public function with_shards( array $head, array $numbers ): ?array {
		foreach ( $numbers as $number ) {
			if ( isset( $this->read_shards[ $number ] ) ) {
				continue;
			}
			$shard = $this->files->shard( $head, $number );
			if ( null === $shard ) {
				return null;
			}
			$this->partial                = self::merge( $this->partial, $shard );
			$this->read_shards[ $number ] = true;
		}
		return $this->partial;
	}

	/**
	 * The whole saved manifest: its head and every shard.
	 *
	 * @return Manifest|null
	 */
	public function saved(): ?array {
		$manifest = $this->files->head();
		if ( null === $manifest ) {
			return null;
		}
		$merged = self::no_shards();
		for ( $number = 0; $number < $manifest['shards']; $number++ ) {
			$shard = $this->files->shard( $manifest, $number );
			if ( null === $shard ) {
				return null;
			}
			$merged = self::merge( $merged, $shard );
		}
		$manifest['files'] = $merged['files'];
		$manifest['index'] = $merged['index'];
		/** @var Manifest $manifest (the head's keys as saved, the shards' merged) */
		return $manifest;
	}

	/**
	 * Records a boot outcome in this copy too, for the file's entry of $stamp.
	 *
	 * @param array{kind: string, message: string}|null $boot
	 */
	public function record_boot( string $slug, string $stamp, ?array $boot ): void {
		++$this->revision;
		if ( null !== $this->whole && ( $this->whole['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
			$this->whole['files'][ $slug ]['boot']   = $boot;
			$this->whole['files'][ $slug ]['booted'] = true;
		}
		if ( ( $this->partial['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
			$this->partial['files'][ $slug ]['boot']   = $boot;
			$this->partial['files'][ $slug ]['booted'] = true;
		}
	}

	public function record_meta( string $key, mixed $value ): void {
		if ( null !== $this->whole ) {
			$this->whole['meta'][ $key ] = $value;
		}
		if ( null !== $this->head && array() !== $this->head ) {
			$this->head['meta'][ $key ] = $value;
		}
	}

	/**
	 * Forgets this request's copy, e.g. after svc swapped the served tree.
	 */
	public function forget(): void {
		++$this->revision;
		$this->whole       = null;
		$this->head        = null;
		$this->read_shards = array();
		$this->partial     = self::no_shards();
	}

	/**
	 * @return View
	 */
	private static function no_shards(): array {
		return array(
			'files' => array(),
			'index' => array(
				'static'  => array(),
				'dynamic' => array(),
				'classes' => array(),
			),
		);
	}

	/**
	 * Adds a shard's entries and index to a view, dynamic routes kept in slug order.
	 *
	 * @param View  $view
	 * @param Shard $shard
	 * @return View
	 */
	private static function merge( array $view, array $shard ): array {
		$view['files']            += $shard['files'];
		$view['index']['static']  += $shard['static'];
		$view['index']['classes'] += $shard['classes'];
		foreach ( $shard['dynamic'] as $segments => $patterns ) {
			$patterns += $view['index']['dynamic'][ $segments ] ?? array();
			ksort( $patterns, SORT_STRING );
			$view['index']['dynamic'][ $segments ] = $patterns;
		}
		return $view;
	}
}
