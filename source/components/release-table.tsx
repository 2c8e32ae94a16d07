/**
 * The site's kept releases, newest first: id, when, who, what kind, how many files, and what each
 * changed against the one before. The active release is marked; a rollback names what it restored,
 * a promote the preview it made active; a preview says until when it is served; a message goes
 * under its release, as the site's text (Text shows controls as escapes). A still picture (printed once), since a site
 * keeps about ten.
 */
import { kindColor } from '../core/release-kinds.js';
import { Box } from 'ink';
import { Text } from './text.js';
import { formatReleaseTime } from '../core/releases.js';
import type { Release } from '../core/site-client.js';

export interface ReleaseTableProps {
	readonly releases: readonly Release[];
	/** The site, for the title. */
	readonly site: string;
}

export function ReleaseTable({ releases, site }: ReleaseTableProps) {
	const rows = releases.map((release) => ({
		release,
		id: String(release.id),
		created: formatReleaseTime(release.created) || '-',
		user: release.user?.login ?? '-',
	}));
	const width = {
		id: Math.max(2, ...rows.map((row) => row.id.length)),
		created: Math.max(7, ...rows.map((row) => row.created.length)),
		user: Math.max(4, ...rows.map((row) => row.user.length)),
		kind: Math.max(4, ...releases.map((release) => release.kind.length)),
		files: Math.max(5, ...releases.map((release) => String(release.files).length)),
	};
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>Releases on {site}</Text> <Text dimColor>({releases.length} kept, newest first)</Text>
			</Text>
			<Text dimColor>
				{'  '}
				{'ID'.padStart(width.id)}  {'CREATED'.padEnd(width.created)}  {'USER'.padEnd(width.user)}  {'KIND'.padEnd(width.kind)}  {'FILES'.padStart(width.files)}  CHANGES
			</Text>
			{releases.length === 0 ? <Text dimColor>  No releases yet: the first push makes one.</Text> : null}
			{rows.map(({ release, id, created, user }) => (
				<Box key={release.id} flexDirection="column">
				<Text wrap="truncate-end">
					<Text color="green">{release.active ? '●' : ' '}</Text> <Text bold={release.active}>{id.padStart(width.id)}</Text>
					{'  '}
					<Text dimColor={!release.active}>{created.padEnd(width.created)}</Text>
					{'  '}
					{user.padEnd(width.user)}
					{'  '}
					<Text color={kindColor(release.kind)}>{release.kind.padEnd(width.kind)}</Text>
					{'  '}
					{String(release.files).padStart(width.files)}
					{'  '}
					<Text color="green">+{release.added}</Text> <Text color="yellow">~{release.changed}</Text> <Text color="red">-{release.removed}</Text>
					{release.active ? <Text color="green" bold> active</Text> : null}
					{release.preview === undefined ? null : release.preview.expired ? (
						<Text color="gray"> preview, expired</Text>
					) : (
						<Text color="cyan"> preview until {formatReleaseTime(release.preview.expires)}</Text>
					)}
					{release.rollbackOf === null ? null : <Text dimColor> (rollback of {release.rollbackOf})</Text>}
					{release.promotedFrom === null ? null : <Text dimColor> (promoted from {release.promotedFrom})</Text>}
				</Text>
				{/* On a line of its own, under the id: a long message would be cut off at the row's end. */}
				{release.message === null ? null : (
					<Text wrap="truncate-end">
						{' '.repeat(width.id + 4)}
						<Text italic>“{release.message}”</Text>
					</Text>
				)}
				</Box>
			))}
		</Box>
	);
}
