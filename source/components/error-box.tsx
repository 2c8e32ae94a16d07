/**
 * A failure as the user should read it: what went wrong, each file's own reason when there are
 * several, and what to do about it.
 */
import { Box, Text } from 'ink';

export interface ErrorItem {
	/** Usually a file, e.g. `api/users/[id].php`. */
	readonly label: string;
	readonly message: string;
}

export interface ErrorBoxProps {
	readonly message: string;
	readonly items?: readonly ErrorItem[];
	readonly hint?: string | undefined;
}

export function ErrorBox({ message, items = [], hint }: ErrorBoxProps) {
	return (
		<Box flexDirection="column">
			<Text>
				<Text color="red" bold>
					✖ Error:
				</Text>{' '}
				{message}
			</Text>
			{items.map((item, index) => (
				<Box key={`${item.label}\0${index}`} paddingLeft={2}>
					<Text>
						<Text color="red">{item.label}</Text>: {item.message}
					</Text>
				</Box>
			))}
			{hint === undefined ? null : (
				<Text>
					<Text color="cyan">→</Text> {hint}
				</Text>
			)}
		</Box>
	);
}
