<?php
/**
 * `wp svc`: see and fix svc from the server when its REST API cannot be reached.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Events\EventStore;
use Svc\Release\Change;
use Svc\Release\DeployPolicy;
use Svc\Release\ReleaseKind;
use Svc\Release\ReleaseMessage;
use Svc\Release\Refusal;
use Svc\Release\Schema;
use Svc\Rest\EventsController;
use Svc\Rest\FilesController;
use Svc\Rest\ReleasesController;
use Svc\Rest\Refusals;
use WP_CLI;
use WP_Error;
use WP_REST_Request;

/**
 * Inspects and deploys svc's route files from the command line, through the same objects and
 * checks as the management API, but without the REST API: a firewall, a stripped Authorization
 * header or a plugin that breaks REST requests does not stop an administrator with SSH.
 */
final class SvcCommand {

	private ?Components $components = null;

	/**
	 * @param \Closure(): Components $build Builds the site's objects when a command first needs them.
	 */
	public function __construct( private readonly \Closure $build ) {
	}

	/**
	 * Shows the active release, whether deploys are allowed, the limits, the web nodes and the files that fail to load.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : How to print it.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc status
	 *     wp svc status --format=json
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function status( array $args, array $assoc_args ): void {
		$components = $this->components();
		Schema::ensure();
		$status            = ( new ReleasesController( $components->deployer, $components->store, $components->route_namespace ) )->status_of( false );
		$failing           = array_values(
			array_map(
				static fn ( array $route ): array => array(
					'slug'  => $route['slug'],
					'error' => $route['error'],
				),
				array_filter( $this->route_rows(), static fn ( array $route ): bool => null !== $route['error'] )
			)
		);
		$status['failing'] = $failing;
		$format            = $assoc_args['format'] ?? 'table';
		if ( 'table' !== $format ) {
			WP_CLI::print_value( $status, array( 'format' => $format ) );
			return;
		}
		$release = $status['release'] ?? null;
		$deploy  = (array) $status['deploy'];
		$limits  = (array) $status['limits'];
		$rows    = array(
			array(
				'field' => 'release',
				'value' => is_array( $release ) ? sprintf( '#%d (%s, %d files, %s)', $release['id'], $release['kind'], $release['files'], $release['created'] ?? '' ) : 'none (the api/ directory as it is on disk)',
			),
			array(
				'field' => 'deploy',
				'value' => $deploy['allowed'] ? 'allowed' : 'refused: ' . $deploy['reason'],
			),
			array(
				'field' => 'limits',
				'value' => sprintf( '%s a file, %s in all, %s a request', size_format( $limits['file_bytes'] ), size_format( $limits['total_bytes'] ), size_format( $limits['request_bytes'] ) ),
			),
		);
		foreach ( (array) ( $status['nodes'] ?? array() ) as $node ) {
			$node   = (array) $node;
			$rows[] = array(
				'field' => 'node ' . $node['node'],
				'value' => sprintf( 'release #%d, %s', $node['release'], array() === (array) $node['drift'] ? 'no drift' : count( (array) $node['drift'] ) . ' files drifted' ),
			);
		}
		foreach ( $failing as $failure ) {
			$rows[] = array(
				'field' => 'failing ' . $failure['slug'],
				'value' => $failure['error'],
			);
		}
		WP_CLI\Utils\format_items( 'table', $rows, array( 'field', 'value' ) );
	}

	/**
	 * Lists the deployed routes: slug, route, verbs, whether anyone may call them, and why a file fails to load.
	 *
	 * ## OPTIONS
	 *
	 * [--fields=<fields>]
	 * : The columns, comma-separated: slug, route, verbs, public, error (the default), and schedules (each #[Schedule] method with its recurrence, next and last run).
	 *
	 * [--format=<format>]
	 * : How to print them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc routes
	 *     wp svc routes --format=json
	 *     wp svc routes --fields=slug,schedules
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function routes( array $args, array $assoc_args ): void {
		$known  = array( 'slug', 'route', 'verbs', 'public', 'error', 'schedules' );
		$fields = isset( $assoc_args['fields'] ) ? array_map( 'trim', explode( ',', $assoc_args['fields'] ) ) : array( 'slug', 'route', 'verbs', 'public', 'error' );
		$wrong  = array_diff( $fields, $known );
		if ( array() !== $wrong ) {
			WP_CLI::error( sprintf( 'Unknown field "%s": the fields are %s.', implode( '", "', $wrong ), implode( ', ', $known ) ) );
		}
		$format = $assoc_args['format'] ?? 'table';
		$rows   = $this->route_rows();
		if ( 'table' === $format || 'csv' === $format ) {
			$rows = array_map(
				static fn ( array $row ): array => array(
					'verbs'     => implode( ',', $row['verbs'] ),
					'public'    => $row['public'] ? 'yes' : 'no',
					'error'     => $row['error'] ?? '',
					'schedules' => implode( '; ', array_map( array( self::class, 'schedule_text' ), $row['schedules'] ) ),
				) + $row,
				$rows
			);
		}
		WP_CLI\Utils\format_items( $format, $rows, $fields );
	}

	/**
	 * One schedule in a cell: `sync() hourly, next 2026-11-25T18:00:00Z, last ok`.
	 *
	 * @param array<string, mixed> $schedule As the listing gives it (Schedules\Status::describe).
	 */
	private static function schedule_text( array $schedule ): string {
		$last = is_array( $schedule['last_run'] ?? null ) ? (string) ( $schedule['last_run']['outcome'] ?? '' ) : 'never';
		return sprintf(
			'%s() %s, next %s, last %s',
			(string) ( $schedule['method'] ?? '' ),
			'every' === ( $schedule['recurrence'] ?? '' ) ? 'every ' . (int) ( $schedule['interval'] ?? 0 ) . ' s' : (string) ( $schedule['recurrence'] ?? '' ),
			(string) ( $schedule['next_run'] ?? 'none' ),
			$last
		);
	}

	/**
	 * Lists the releases the site keeps, newest first: the active one is marked, previews say until when they are served.
	 *
	 * ## OPTIONS
	 *
	 * [--format=<format>]
	 * : How to print them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 * ---
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function releases( array $args, array $assoc_args ): void {
		$components = $this->components();
		$releases   = (array) ( new ReleasesController( $components->deployer, $components->store, $components->route_namespace ) )->index()->get_data();
		$format     = $assoc_args['format'] ?? 'table';
		$rows       = array_map(
			static function ( array $release ) use ( $format ): array {
				$preview = is_array( $release['preview'] ?? null ) ? $release['preview'] : null;
				$message = (string) ( $release['message'] ?? '' );
				return array(
					'id'      => $release['id'],
					'active'  => $release['active'] ? 'yes' : 'no',
					'kind'    => $release['kind'],
					'files'   => $release['files'],
					'created' => $release['created'] ?? '',
					'author'  => is_array( $release['user'] ?? null ) ? (string) ( $release['user']['login'] ?? '' ) : '',
					'expires' => null === $preview ? '' : ( $preview['expired'] ? 'expired' : $preview['expires'] ),
					// The site's text: one line in a table, so that a message cannot draw over the terminal.
					'message' => 'table' === $format ? self::one_line( $message ) : $message,
				);
			},
			$releases
		);
		WP_CLI\Utils\format_items( $format, $rows, array( 'id', 'active', 'kind', 'files', 'created', 'author', 'expires', 'message' ) );
	}

	/**
	 * Makes an earlier release active again, as a new release (default: the one before the active one).
	 *
	 * ## OPTIONS
	 *
	 * [<id>]
	 * : The release to go back to.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc rollback
	 *     wp svc rollback 12 --yes
	 *
	 * @param list<string>          $args       The release id, if given.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function rollback( array $args, array $assoc_args ): void {
		$this->refuse_unless_deploys_allowed();
		$to       = isset( $args[0] ) ? self::release_id( $args[0] ) : null;
		$message  = self::message( $assoc_args );
		$deployer = $this->components()->deployer;
		Schema::ensure();
		$base = $deployer->releases()->active_id( true );
		$plan = $this->outcome( $deployer->rollback( $to, true, $base ) );
		$this->print_plan( $plan['plan'] );
		WP_CLI::confirm( 'Make that release active?', $assoc_args );
		$done = $this->outcome( $deployer->rollback( $to, false, $base, $message ) );
		WP_CLI::success( sprintf( 'Release #%d is active.', (int) ( $done['release']['id'] ?? 0 ) ) );
	}

	/**
	 * Makes a preview (svc api push --preview) the active release, as a new release of kind promote, with every check of a push.
	 *
	 * Refused when another release became active since the preview was made (promoting it would undo that), unless --force.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : The preview to make active (wp svc releases lists them).
	 *
	 * [--force]
	 * : Promote it even though another release became active since it was made.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc promote 14
	 *     wp svc promote 14 --yes --message="ship the new checkout"
	 *
	 * @param list<string>          $args       The preview's release id.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function promote( array $args, array $assoc_args ): void {
		$this->refuse_unless_deploys_allowed();
		$id       = self::release_id( $args[0] ?? '' );
		$force    = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'force', false );
		$message  = self::message( $assoc_args );
		$deployer = $this->components()->deployer;
		Schema::ensure();
		$base = $deployer->releases()->active_id( true );
		$plan = $this->outcome( $deployer->promote( $id, true, $base, $force ) );
		$this->print_plan( $plan['plan'] );
		if ( ! empty( $plan['unchanged'] ) ) {
			WP_CLI::success( sprintf( 'Nothing to promote: preview #%d has the files the site serves.', $id ) );
			return;
		}
		WP_CLI::confirm( sprintf( 'Make preview #%d active for everyone?', $id ), $assoc_args );
		$done = $this->outcome( $deployer->promote( $id, false, $base, $force, $message ) );
		WP_CLI::success( sprintf( 'Preview #%d is promoted: release #%d is active.', $id, (int) ( $done['release']['id'] ?? 0 ) ) );
	}

	/** A release id as given on the command line; WP_CLI::error() for anything else. */
	private static function release_id( string $arg ): int {
		if ( 1 !== preg_match( '/^[1-9][0-9]{0,17}$/', $arg ) ) {
			WP_CLI::error( sprintf( 'A release id is a positive whole number, not "%s".', $arg ) );
		}
		return (int) $arg;
	}

	/**
	 * `--message`, checked as the management API checks it; WP_CLI::error() when unusable.
	 *
	 * @param array<string, string> $assoc_args Options.
	 */
	private static function message( array $assoc_args ): ?string {
		$value   = $assoc_args['message'] ?? null;
		$problem = ReleaseMessage::problem( $value );
		if ( null !== $problem ) {
			WP_CLI::error( $problem );
		}
		return ReleaseMessage::normalize( $value );
	}

	/** Untrusted text on one line: controls (escape sequences, line breaks) shown as escapes. */
	private static function one_line( string $text ): string {
		return (string) preg_replace_callback( '/[\x00-\x1f\x7f]/', static fn ( array $m ): string => sprintf( '\\x%02x', ord( $m[0] ) ), $text );
	}

	/**
	 * Prints what the plugin recorded: load failures, throwing checks, releases.
	 *
	 * ## OPTIONS
	 *
	 * [--since=<duration>]
	 * : Only events younger than this: 30s, 15m, 2h or 1d.
	 *
	 * [--format=<format>]
	 * : How to print them.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 *   - csv
	 *   - yaml
	 * ---
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args Options.
	 */
	public function logs( array $args, array $assoc_args ): void {
		$request = new WP_REST_Request( 'GET', '/svc/v1/events' );
		$request->set_param( 'per_page', EventStore::keep() );
		if ( isset( $assoc_args['since'] ) ) {
			$request->set_param( 'max_age', self::seconds( $assoc_args['since'] ) );
		}
		Schema::ensure();
		$events = (array) ( new EventsController( new EventStore() ) )->index( $request )->get_data()['events'];
		$rows   = array_map(
			static fn ( array $event ): array => array(
				'time'    => $event['time'],
				'type'    => $event['type'],
				'slug'    => $event['slug'] ?? '',
				'message' => $event['message'],
				'user'    => is_array( $event['user'] ) ? $event['user']['login'] : '',
			),
			array_reverse( $events )
		);
		WP_CLI\Utils\format_items( $assoc_args['format'] ?? 'table', $rows, array( 'time', 'type', 'slug', 'message', 'user' ) );
	}

	/**
	 * Deploys the route files of a directory on this server as one release: the same checks and the same atomic step as `svc api push`.
	 *
	 * ## OPTIONS
	 *
	 * <dir>
	 * : A directory of route files laid out like a project's api/ (users/[id].php → users/[id]).
	 *
	 * [--prune]
	 * : Also remove every deployed route that the directory does not have.
	 *
	 * [--dry-run]
	 * : Check and plan only; change nothing.
	 *
	 * [--preview]
	 * : Make a preview instead: every check a push makes, but not made active. Prints its id and the token (shown once) that requests send as X-Svc-Preview; `wp svc promote <id>` makes it active.
	 *
	 * [--message=<message>]
	 * : A note kept with the release (500 characters at most).
	 *
	 * [--yes]
	 * : Do not ask for confirmation.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc push /srv/project/api --yes
	 *     wp svc push ./api --prune --dry-run
	 *     wp svc push ./api --preview --yes
	 *
	 * @param list<string>          $args       The directory.
	 * @param array<string, string> $assoc_args Options.
	 */
	public function push( array $args, array $assoc_args ): void {
		$dry_run = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'dry-run', false );
		$prune   = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'prune', false );
		$preview = (bool) WP_CLI\Utils\get_flag_value( $assoc_args, 'preview', false );
		$message = self::message( $assoc_args );
		if ( ! $dry_run ) {
			$this->refuse_unless_deploys_allowed();
		}
		$files = DirectoryFiles::read( $args[0] ?? '' );
		if ( $files instanceof WP_Error ) {
			WP_CLI::error( $files->get_error_message() );
		}
		$deployer = $this->components()->deployer;
		Schema::ensure();
		$hashes = array_map( static fn ( string $content ): string => hash( 'sha256', $content ), $files );
		$inline = array_combine( array_values( $hashes ), array_values( $files ) );
		$base   = $deployer->releases()->active_id( true );
		$plan   = $this->outcome( $deployer->commit( new Change( files: $hashes, prune: $prune, dry_run: true, inline: $inline, base: $base, kind: $prune ? ReleaseKind::PRUNE : ReleaseKind::PUSH ) ) );
		$this->print_plan( $plan['plan'] );
		if ( $dry_run ) {
			WP_CLI::success( 'Dry run: every file passed the checks; nothing was changed.' );
			return;
		}
		if ( ! empty( $plan['unchanged'] ) ) {
			WP_CLI::success( 'Nothing to deploy: the site serves these files already.' );
			return;
		}
		WP_CLI::confirm( sprintf( $preview ? 'Make a preview of %d route files?' : 'Deploy %d route files?', count( $files ) ), $assoc_args );
		$kind    = $preview ? ReleaseKind::PREVIEW : ( $prune ? ReleaseKind::PRUNE : ReleaseKind::PUSH );
		$done    = $this->outcome( $deployer->commit( new Change( files: $hashes, prune: $prune, inline: $inline, base: $base, kind: $kind, message: $message ) ) );
		$release = (array) ( $done['release'] ?? array() );
		if ( $preview ) {
			// The site keeps only the token's hash: this is the one time it can be shown.
			WP_CLI::log( sprintf( 'Token (shown once): %s', (string) ( $done['token'] ?? '' ) ) );
			WP_CLI::success( sprintf( 'Preview #%d made (%d files); the active release is unchanged. Requests with X-Svc-Preview: <token> are served by it; wp svc promote %d makes it active.', (int) ( $release['id'] ?? 0 ), count( (array) ( $release['files'] ?? array() ) ), (int) ( $release['id'] ?? 0 ) ) );
			return;
		}
		WP_CLI::success( sprintf( 'Release #%d is active (%d files).', (int) ( $release['id'] ?? 0 ), count( (array) ( $release['files'] ?? array() ) ) ) );
	}

	private function components(): Components {
		return $this->components ??= ( $this->build )();
	}

	/**
	 * The listing's records (FilesController), in the words of `svc api list --json`.
	 *
	 * @return list<array{slug: string, route: ?string, verbs: list<string>, public: bool, error: ?string, schedules: list<array<string, mixed>>}>
	 */
	private function route_rows(): array {
		$components = $this->components();
		$controller = new FilesController( $components->files, $components->store, $components->loader, $components->route_namespace, $components->deployer, $components->nodes );
		$request    = new WP_REST_Request( 'GET', '/svc/v1/api-files' );
		$request->set_param( 'content', false );
		$listing = $controller->index( $request );
		if ( $listing instanceof WP_Error ) {
			WP_CLI::error( $listing->get_error_message() );
		}
		$rows = array();
		foreach ( (array) $listing->get_data() as $record ) {
			$record = (array) $record;
			$rows[] = array(
				'slug'      => (string) $record['filename'],
				'route'     => isset( $record['route'] ) ? (string) $record['route'] : null,
				'verbs'     => array_values( array_map( 'strval', (array) ( $record['methods'] ?? array() ) ) ),
				'public'    => true === ( $record['public'] ?? false ),
				'error'     => isset( $record['error'] ) ? (string) $record['error'] : null,
				'schedules' => array_values( array_filter( (array) ( $record['schedules'] ?? array() ), 'is_array' ) ),
			);
		}
		return $rows;
	}

	private function refuse_unless_deploys_allowed(): void {
		if ( ! DeployPolicy::allowed() ) {
			WP_CLI::error( DeployPolicy::reason() );
		}
	}

	/**
	 * A Deployer outcome, or WP_CLI::error() with the refusal and each file's reason.
	 *
	 * @param array<string, mixed>|Refusal $outcome What the Deployer answered.
	 * @return array<string, mixed>
	 */
	private function outcome( array|Refusal $outcome ): array {
		if ( ! $outcome instanceof Refusal ) {
			return $outcome;
		}
		$errors = (array) ( $outcome->data['errors'] ?? array() );
		if ( array() === $errors ) {
			WP_CLI::error( Refusals::error( $outcome )->get_error_message() );
		}
		// A rejected push: one line per file and reason, as `svc api push` prints them.
		$lines = array( 'The push was rejected and nothing was written:' );
		foreach ( $errors as $failure ) {
			$failure = (array) $failure;
			$lines[] = sprintf( '  %s.php: %s', $failure['filename'] ?? '?', $failure['message'] ?? '' );
		}
		WP_CLI::error( implode( "\n", $lines ) );
	}

	/**
	 * @param mixed $plan A Deployer plan: added, changed and removed slugs.
	 */
	private function print_plan( mixed $plan ): void {
		$plan = is_array( $plan ) ? $plan : array();
		foreach ( array(
			'added'   => '+',
			'changed' => '~',
			'removed' => '-',
		) as $key => $sign ) {
			foreach ( (array) ( $plan[ $key ] ?? array() ) as $slug ) {
				WP_CLI::log( sprintf( '%s %s', $sign, $slug ) );
			}
		}
	}

	/** A duration such as 30s, 15m, 2h or 1d, in seconds; WP_CLI::error() for anything else. */
	private static function seconds( string $duration ): int {
		if ( 1 !== preg_match( '/^([1-9][0-9]*)([smhd])$/', $duration, $match ) ) {
			WP_CLI::error( sprintf( 'A duration is a number and a unit (30s, 15m, 2h, 1d), not "%s".', $duration ) );
		}
		return (int) $match[1] * array(
			's' => 1,
			'm' => 60,
			'h' => 3600,
			'd' => 86400,
		)[ $match[2] ];
	}
}
