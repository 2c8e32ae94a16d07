<?php
/**
 * Whether a verb is open to anyone: the scan and PHP's reading of the attribute must agree.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * [PUBLIC] in the listing, the push warning and the OpenAPI document come from the scan (the
 * manifest's `public`), so the scan decides at request time too: a verb is open only when the scan
 * says so AND PHP reads the same Permission attribute's `public` as exactly true. Should the two
 * differ, the verb stays closed (it never opens unannounced) and the Authorizer logs it.
 */
final class PublicVerb {

	/**
	 * @param array<int|string, mixed> $arguments The Permission attribute's arguments, as reflection gives them.
	 * @param bool                     $scanned   Whether the scan lists the verb as public.
	 */
	public function __construct( private readonly array $arguments, public readonly bool $scanned ) {
	}

	/**
	 * What PHP makes of `public`: named, else the first positional argument; only `true` opens.
	 */
	public function reflected(): bool {
		return true === ( array_key_exists( 'public', $this->arguments ) ? $this->arguments['public'] : ( $this->arguments[0] ?? false ) );
	}

	public function opened(): bool {
		return $this->reflected() && $this->scanned;
	}

	/** The scan and PHP disagree: worth a line in the log. */
	public function disputed(): bool {
		return $this->reflected() !== $this->scanned;
	}
}
