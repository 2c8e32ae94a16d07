/**
 * A live progress bar: bytes while a batch uploads, files while a pull writes. The command
 * re-renders it with new numbers; it holds no state of its own. The bar is @inkjs/ui's ProgressBar
 * in a box of the bar's width (the label, percentage and amounts around it are svc's); a wait with no
 * numbers (the site checking) turns @inkjs/ui's Spinner.
 */
import { ProgressBar, Spinner } from '@inkjs/ui';
import { Box } from 'ink';
import { Text } from './text.js';

export interface ProgressProps {
	readonly label: string;
	readonly done: number;
	/** Unknown (undefined or 0) shows the count without a bar. */
	readonly total?: number | undefined;
	readonly unit: 'bytes' | 'files';
	/** A second line, e.g. what the site is doing once the upload has been sent. */
	readonly detail?: string | undefined;
	/** Something is under way with no numbers to show (the site checking): the detail gets a spinner. */
	readonly busy?: boolean;
	/** Characters in the bar. */
	readonly width?: number;
}

export function Progress({ label, done, total, unit, detail, busy = false, width = 30 }: ProgressProps) {
	const known = total !== undefined && total > 0;
	const ratio = known ? Math.min(1, Math.max(0, done / total)) : 0;
	return (
		<Box flexDirection="column">
			<Box>
				<Text>{label} </Text>
				{known ? (
					<>
						<Box width={width} flexShrink={0}>
							<ProgressBar value={ratio * 100} />
						</Box>
						<Text> {String(Math.floor(ratio * 100)).padStart(3)}% </Text>
					</>
				) : null}
				<Text dimColor>
					{amount(done, unit)}
					{known ? ` / ${amount(total, unit)}` : ''}
				</Text>
			</Box>
			{detail === undefined ? null : busy ? <Spinner label={detail} /> : <Text dimColor>{detail}</Text>}
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
