/**
 * A live progress bar: bytes while a batch uploads, files while a pull writes. The command
 * re-renders it with new numbers; it holds no state of its own.
 */
import { Box, Text } from 'ink';

export interface ProgressProps {
	readonly label: string;
	readonly done: number;
	/** Unknown (undefined or 0) shows the count without a bar. */
	readonly total?: number | undefined;
	readonly unit: 'bytes' | 'files';
	/** A second line, e.g. what the site is doing once the upload has been sent. */
	readonly detail?: string | undefined;
	/** Characters in the bar. */
	readonly width?: number;
}

export function Progress({ label, done, total, unit, detail, width = 30 }: ProgressProps) {
	const known = total !== undefined && total > 0;
	const ratio = known ? Math.min(1, Math.max(0, done / total)) : 0;
	const filled = Math.round(ratio * width);
	return (
		<Box flexDirection="column">
			<Text>
				{label}{' '}
				{known ? (
					<>
						<Text color="cyan">{'█'.repeat(filled)}</Text>
						<Text dimColor>{'░'.repeat(width - filled)}</Text> {String(Math.floor(ratio * 100)).padStart(3)}%{' '}
					</>
				) : null}
				<Text dimColor>
					{amount(done, unit)}
					{known ? ` / ${amount(total, unit)}` : ''}
				</Text>
			</Text>
			{detail === undefined ? null : <Text dimColor>{detail}</Text>}
		</Box>
	);
}

function amount(value: number, unit: ProgressProps['unit']): string {
	if (unit === 'files') {
		return `${value} ${value === 1 ? 'file' : 'files'}`;
	}
	if (value < 1024) {
		return `${value} B`;
	}
	if (value < 1024 * 1024) {
		return `${(value / 1024).toFixed(1)} KB`;
	}
	return `${(value / 1024 / 1024).toFixed(1)} MB`;
}
