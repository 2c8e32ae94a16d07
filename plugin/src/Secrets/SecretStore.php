<?php
/**
 * Sets, reads, lists and removes secrets.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

use RuntimeException;

/**
 * The only place values are sealed and opened. Nothing it returns but get()'s result holds a value:
 * listings carry names, when each was last set, by whom, and whether it can still be read.
 *
 * @phpstan-type Listing array{name: string, updated: int, readable: bool}
 */
final class SecretStore {

	/** A value's largest size in bytes: secrets are keys and URLs, not files. */
	public const MAX_BYTES = 65536;

	/**
	 * @param Cipher|null $cipher Null when the site's key is unusable: nothing opens, nothing is set.
	 */
	public function __construct( private readonly ?Cipher $cipher, private readonly Slot $slot ) {
	}

	public static function for_site(): self {
		return new self( Keyring::cipher(), new OptionSlot() );
	}

	/**
	 * The value; null when the name is not set, breaks the name rule, or cannot be opened.
	 */
	public function get( string $name ): ?string {
		if ( null === $this->cipher || ! Name::valid( $name ) ) {
			return null;
		}
		$record = $this->slot->read()[ $name ] ?? null;
		return is_array( $record ) && is_string( $record['box'] ?? null ) ? $this->cipher->open( $name, $record['box'] ) : null;
	}

	/**
	 * Seals and stores a value; returns whether the name was new. The caller checked the name and
	 * the size; checked again, as a programming error.
	 */
	public function set( string $name, string $value, int $user_id ): bool {
		if ( null === $this->cipher ) {
			throw new RuntimeException( 'svc has no usable key for secrets (Keyring::problem() says why).' );
		}
		if ( ! Name::valid( $name ) || strlen( $value ) > self::MAX_BYTES ) {
			throw new RuntimeException( 'svc refused a secret that breaks the name or size rule.' );
		}
		$box     = $this->cipher->seal( $name, $value );
		$created = false;
		$this->slot->change(
			static function ( array $records ) use ( $name, $box, $user_id, &$created ): array {
				$created          = ! isset( $records[ $name ] );
				$records[ $name ] = array(
					'box'     => $box,
					'updated' => time(),
					'user'    => $user_id,
				);
				ksort( $records );
				return $records;
			}
		);
		return $created;
	}

	/**
	 * Removes a name; returns whether it was there.
	 */
	public function delete( string $name ): bool {
		$found = false;
		$this->slot->change(
			static function ( array $records ) use ( $name, &$found ): array {
				$found = isset( $records[ $name ] );
				unset( $records[ $name ] );
				return $records;
			}
		);
		return $found;
	}

	/**
	 * Every name, sorted, with when it was last set and whether this site's key still opens it.
	 *
	 * @return list<Listing>
	 */
	public function listing(): array {
		$list = array();
		foreach ( $this->slot->read() as $name => $record ) {
			if ( ! is_string( $name ) || ! is_array( $record ) ) {
				continue;
			}
			$box    = is_string( $record['box'] ?? null ) ? $record['box'] : '';
			$list[] = array(
				'name'     => $name,
				'updated'  => is_int( $record['updated'] ?? null ) ? $record['updated'] : 0,
				'readable' => null !== $this->cipher && null !== $this->cipher->open( $name, $box ),
			);
		}
		usort( $list, static fn ( array $a, array $b ): int => strcmp( $a['name'], $b['name'] ) );
		return $list;
	}

	/**
	 * The names the site's key no longer opens: they need setting again.
	 *
	 * @return list<string>
	 */
	public function unreadable(): array {
		return array_values( array_map( static fn ( array $item ): string => $item['name'], array_filter( $this->listing(), static fn ( array $item ): bool => ! $item['readable'] ) ) );
	}
}
