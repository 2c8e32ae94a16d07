/**
 * Unified diffs in a terminal: file headers bold, hunk headers cyan, added lines green, removed
 * lines red. The text is core/file-diff's, the same a pipe gets plain.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { unifiedText, type FileDiff } from '../core/file-diff.js';

export interface DiffViewProps {
	readonly diffs: readonly FileDiff[];
	/** The local folder as the user knows it, e.g. `api`. */
	readonly apiLabel: string;
}

export function DiffView({ diffs, apiLabel }: DiffViewProps) {
	return (
		<Box flexDirection="column">
			{diffs.map((diff) => (
				<Box key={diff.slug} flexDirection="column">
					{unifiedText(diff, apiLabel).map((line, index) => (
						<DiffLineText key={index} line={line} header={index < 2} />
					))}
				</Box>
			))}
		</Box>
	);
}

function DiffLineText({ line, header }: { readonly line: string; readonly header: boolean }) {
	if (header) return <Text bold>{line}</Text>;
	if (line.startsWith('@@')) return <Text color="cyan">{line}</Text>;
	if (line.startsWith('+')) return <Text color="green">{line}</Text>;
	if (line.startsWith('-')) return <Text color="red">{line}</Text>;
	if (line.startsWith('\\')) return <Text dimColor>{line}</Text>;
	return <Text>{line}</Text>;
}
