/**
 * One route in full, from the browsable list (Enter): its file, a URL that can be called (an
 * example value in each dynamic segment, core/route-url.ts), each verb with who may call it, the
 * load error whole, its cache (with the early cache's hits and misses), rate limits and schedules
 * (next and last run), size and hash. Esc or Enter goes back to the list.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import type { RouteRow } from './route-table.js';
import { cacheLine, earlyCacheLine, rateLines, scheduleLines } from './policy-lines.js';

export function RouteDetail({ route }: { readonly route: RouteRow }) {
	const open = new Set(route.publicVerbs ?? (route.public ? route.methods : []));
	return (
		<Box flexDirection="column">
			<Text bold>{route.path}</Text>
			<Field name="File">{`${route.slug}.php`}</Field>
			{route.url === undefined ? null : <Field name="URL">{route.url}</Field>}
			{route.url === undefined || dynamicSegments(route.path).length === 0 ? null : (
				<Text dimColor>{`           1 stands for ${dynamicSegments(route.path).join(', ')}: put a real value there`}</Text>
			)}
			<Field name="Verbs">{route.methods.length === 0 ? 'none registered' : ''}</Field>
			{route.methods.map((verb) => (
				<Text key={verb}>
					{'    '}
					{verb.padEnd(7)}
					{open.has(verb) ? (
						<Text color="red">anyone, without authentication [PUBLIC]</Text>
					) : (
						<Text>callers its Permission rules or permission() allow (default: administrators)</Text>
					)}
				</Text>
			))}
			{route.cache === undefined ? null : <Field name="Cache">{cacheLine(route.cache)}</Field>}
			{route.earlyCache === undefined ? null : <Field name={route.cache === undefined ? 'Cache' : ''}>{earlyCacheLine(route.earlyCache)}</Field>}
			{route.rateLimits === undefined || Object.keys(route.rateLimits).length === 0 ? null : (
				<Box flexDirection="column">
					<Field name="Limits">{''}</Field>
					{rateLines(route.rateLimits).map((line) => (
						<Text key={line}>{`    ${line}`}</Text>
					))}
				</Box>
			)}
			{route.schedules === undefined || route.schedules.length === 0 ? null : (
				<Box flexDirection="column">
					<Field name="Schedule">{''}</Field>
					{route.schedules.flatMap((schedule) =>
						scheduleLines(schedule).map((line, index) => (
							<Text key={`${schedule.method}-${index}`} {...(index > 0 ? { color: 'red' } : {})}>{`    ${line}`}</Text>
						)),
					)}
				</Box>
			)}
			{route.error === undefined ? null : (
				<Box flexDirection="column">
					<Text color="red">  Failed to load at the last boot; the route is not served:</Text>
					<Box paddingLeft={4}>
						<Text color="red">{route.error}</Text>
					</Box>
				</Box>
			)}
			{route.size === undefined ? null : <Field name="Size">{`${route.size} bytes`}</Field>}
			{route.hash === undefined ? null : <Field name="SHA-256">{route.hash}</Field>}
			<Text dimColor>  Esc or Enter: back to the list · q: quit</Text>
		</Box>
	);
}

function Field({ name, children }: { readonly name: string; readonly children: string }) {
	return (
		<Text>
			{'  '}
			<Text dimColor>{name.padEnd(8)}</Text> {children}
		</Text>
	);
}

/** `[id]`, `[post]`: the segments the URL's example values stand for. */
function dynamicSegments(path: string): string[] {
	return path.match(/\[[A-Za-z_][A-Za-z0-9_]*\]/g) ?? [];
}
