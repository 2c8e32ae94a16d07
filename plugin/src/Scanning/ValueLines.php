<?php
/**
 * The line each part of a literal starts on.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

/**
 * A problem found in a schema names a JSON pointer into it (`/id/type`); this finds the line it
 * starts on. Each value read gets a number and is filed under its parent's number and its key, so
 * the memory kept grows with the literal's size only: keying by whole pointers instead made it grow
 * with size times depth (a long key repeated in every pointer below it).
 */
final class ValueLines {

	/** @var array<int, int> A value's number => its line. Number 0 is the whole literal. */
	private array $lines = array( 0 );
	/** @var array<string, int> "<parent's number>/<key>" => the value's number. */
	private array $children = array();

	/**
	 * Files a value under its parent; returns its number.
	 */
	public function child( int $parent, int|string $key, int $line ): int {
		$number                                 = count( $this->lines );
		$this->lines[]                          = $line;
		$this->children[ $parent . '/' . $key ] = $number;
		return $number;
	}

	public function set( int $number, int $line ): void {
		$this->lines[ $number ] = $line;
	}

	/**
	 * The line of the deepest value the pointer reaches (its own when the literal has it), or
	 * $fallback when the literal was empty.
	 */
	public function line_of( string $pointer, int $fallback ): int {
		$number = 0;
		if ( '' !== $pointer ) {
			foreach ( explode( '/', substr( $pointer, 1 ) ) as $key ) {
				$child = $this->children[ $number . '/' . $key ] ?? null;
				if ( null === $child ) {
					break;
				}
				$number = $child;
			}
		}
		return 0 === $this->lines[ $number ] ? $fallback : $this->lines[ $number ];
	}
}
