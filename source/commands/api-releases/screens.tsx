/**
 * The releases as a table in a terminal. Apart from index.ts so that the command module
 * needs no JSX runtime (React loads with this, only for a terminal).
 */
import type { Release } from '../../core/site-client.js';
import type { Io } from '../shared/io.js';
import { print, ReleaseTable } from '../shared/views.js';

export function printReleases(io: Io, releases: readonly Release[], site: string): void {
	print(io.stdout, <ReleaseTable releases={releases} site={site} />);
}
