<?php
/**
 * Prints, as JSON, the verbs of the one class in the file named by argv[1] that PHP itself opens:
 * the Permission attribute PHP's reflection finds on the verb (else on the class), instantiated as
 * svc's Authorizer does. Run in a process of its own per file (SharedRulesTest): fixture classes
 * share names.
 */

declare(strict_types=1);

require dirname( __DIR__, 2 ) . '/plugin/src/Api/Attribute/Permission.php';

$svc_before = get_declared_classes();
require $argv[1];
$svc_open = array();
foreach ( array_diff( get_declared_classes(), $svc_before ) as $svc_class ) {
	$svc_reflection = new ReflectionClass( $svc_class );
	if ( $svc_reflection->isAnonymous() ) {
		continue;
	}
	foreach ( array( 'get', 'post', 'put', 'patch', 'delete' ) as $svc_verb ) {
		if ( ! $svc_reflection->hasMethod( $svc_verb ) || ! $svc_reflection->getMethod( $svc_verb )->isPublic() ) {
			continue;
		}
		$svc_attributes = $svc_reflection->getMethod( $svc_verb )->getAttributes( Svc\Api\Attribute\Permission::class );
		$svc_attributes = array() === $svc_attributes ? $svc_reflection->getAttributes( Svc\Api\Attribute\Permission::class ) : $svc_attributes;
		if ( array() !== $svc_attributes && $svc_attributes[0]->newInstance()->public ) {
			$svc_open[] = strtoupper( $svc_verb );
		}
	}
}
echo json_encode( $svc_open ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- plain PHP, no WordPress.
