<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Storage\LinkableFiles;

final class LinkableFilesTest extends TestCase {

	public function test_a_file_with_the_very_bytes_wanted_is_taken(): void {
		$this->assertSame(
			array( 'a', 'dir/b' ),
			LinkableFiles::same(
				array(
					'a'     => "<?php\n1",
					'dir/b' => "<?php\n2",
				),
				array(
					'a'     => "<?php\n1",
					'dir/b' => "<?php\n2",
				)
			)
		);
	}

	public function test_a_file_edited_since_its_release_is_written_again(): void {
		// One byte more (an edit in place over SFTP) or a guard missing: not the release's file.
		$this->assertSame( array(), LinkableFiles::same( array( 'a' => "<?php\n1" ), array( 'a' => "<?php\n1\n" ) ) );
		$this->assertSame( array(), LinkableFiles::same( array( 'a' => "<?php\n1" ), array( 'a' => "<?php\n" ) ) );
	}

	public function test_a_slug_the_other_tree_lacks_or_holds_as_no_plain_file_is_written(): void {
		$this->assertSame(
			array( 'b' ),
			LinkableFiles::same(
				array(
					'a' => 'x',
					'b' => 'y',
					'c' => 'z',
				),
				array(
					'a' => false,
					'b' => 'y',
				)
			)
		);
	}

	public function test_an_empty_file_counts_only_when_wanted_empty(): void {
		$this->assertSame(
			array( 'e' ),
			LinkableFiles::same(
				array(
					'e' => '',
					'f' => 'x',
				),
				array(
					'e' => '',
					'f' => '',
				)
			)
		);
	}

	public function test_numeric_slugs_come_back_as_strings(): void {
		// PHP turns the array key '404' into an int; the slug stays a path.
		$this->assertSame( array( '404' ), LinkableFiles::same( array( '404' => 'x' ), array( '404' => 'x' ) ) );
	}
}
