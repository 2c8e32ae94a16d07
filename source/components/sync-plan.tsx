/**
 * What a push or pull would change, as a diff: + added, ~ changed, - removed, and how many stay as
 * they are. Unchanged files are only counted: a 1,000-file api/ would otherwise bury the changes.
 * A file may carry notes: its `+N −M` line counts, and `[PUBLIC]` with the verbs anyone may call
 * (shown before the question, so nobody learns a route is open after it already is).
 */
import { Box } from 'ink';
import { Text } from './text.js';

export interface PlanNote {
	/** Lines added and removed against the other side. */
	readonly stats?: { readonly added: number; readonly removed: number } | undefined;
	/** Verbs anyone may call once the file is pushed; empty or absent for a closed route. */
	readonly publicVerbs?: readonly string[] | undefined;
	/** The route is closed (or absent) on the site now: this push opens it. */
	readonly opens?: boolean | undefined;
}

export interface PlanView {
	readonly added: readonly string[];
	readonly changed: readonly string[];
	readonly removed: readonly string[];
	readonly unchanged: number;
	/** Push without --prune: deployed routes missing locally, which stay on the site. */
	readonly kept?: readonly string[];
	/** Per slug: line counts and public marks. */
	readonly notes?: ReadonlyMap<string, PlanNote> | undefined;
}

export interface SyncPlanProps {
	readonly plan: PlanView;
	/** push: api/ → site; pull: site → api/. Only the wording differs. */
	readonly direction: 'push' | 'pull';
	/** The site URL. */
	readonly site: string;
	/** The local folder as the user knows it, e.g. `api`. */
	readonly dir: string;
	readonly dryRun?: boolean;
	/** Lines shown per kind of change before "… and N more" (--json lists everything). */
	readonly limit?: number;
}

const WORDS = {
	push: { added: 'new', changed: 'changed', removed: 'remove from the site' },
	pull: { added: 'new here', changed: 'overwrite local file', removed: 'remove local file' },
} as const;

export function SyncPlan({ plan, direction, site, dir, dryRun = false, limit = 50 }: SyncPlanProps) {
	const words = WORDS[direction];
	const route = direction === 'push' ? `${dir}/ → ${site}` : `${site} → ${dir}/`;
	const nothing = plan.added.length + plan.changed.length + plan.removed.length === 0;
	// One column for the notes across all kinds of change.
	const width = Math.max(0, ...[plan.added, plan.changed, plan.removed].flatMap((files) => files.slice(0, limit).map((slug) => slug.length + 4)));
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>{direction === 'push' ? 'Push' : 'Pull'}</Text> {route}
				{dryRun ? <Text color="yellow"> (dry run: nothing will be written)</Text> : null}
			</Text>
			<PlanLines files={plan.added} sign="+" color="green" note={words.added} limit={limit} width={width} notes={plan.notes} />
			<PlanLines files={plan.changed} sign="~" color="yellow" note={words.changed} limit={limit} width={width} notes={plan.notes} />
			<PlanLines files={plan.removed} sign="-" color="red" note={words.removed} limit={limit} width={width} notes={plan.notes} />
			{plan.unchanged > 0 ? <Text dimColor>  {plan.unchanged} unchanged</Text> : null}
			{plan.kept !== undefined && plan.kept.length > 0 ? (
				<Text dimColor>
					{'  '}
					{plan.kept.length} only on the site, kept ({preview(plan.kept)}); add --prune to remove{' '}
					{plan.kept.length === 1 ? 'it' : 'them'}
				</Text>
			) : null}
			{nothing ? <Text color="green">  Nothing to {direction}: already in sync.</Text> : null}
		</Box>
	);
}

export interface PlanLinesProps {
	readonly files: readonly string[];
	readonly sign: string;
	readonly color: string;
	readonly note: string;
	readonly limit: number;
	readonly width: number;
	readonly notes?: ReadonlyMap<string, PlanNote> | undefined;
}

/** One kind of change: `+ slug.php  note` per file, at most `limit` of them. Shared with the rollback plan. */
export function PlanLines({ files, sign, color, note, limit, width, notes }: PlanLinesProps) {
	if (files.length === 0) {
		return null;
	}
	const shown = files.slice(0, limit);
	return (
		<Box flexDirection="column">
			{shown.map((slug) => (
				<Text key={slug}>
					{'  '}
					<Text color={color}>
						{sign} {`${slug}.php`.padEnd(width)}
					</Text>
					{'  '}
					<Text dimColor>{note}</Text>
					<FileNotes note={notes?.get(slug)} />
				</Text>
			))}
			{files.length > limit ? (
				<Text dimColor>
					{'    '}… and {files.length - limit} more (--json lists them all)
				</Text>
			) : null}
		</Box>
	);
}

/** `  +3 −1  [PUBLIC] GET, POST (was closed)` after a plan line. */
function FileNotes({ note }: { readonly note: PlanNote | undefined }) {
	if (note === undefined) {
		return null;
	}
	const verbs = note.publicVerbs ?? [];
	return (
		<>
			{note.stats === undefined ? null : (
				<>
					{'  '}
					<Text color="green">+{note.stats.added}</Text> <Text color="red">−{note.stats.removed}</Text>
				</>
			)}
			{verbs.length === 0 ? null : (
				<>
					{'  '}
					<Text color="red" bold>
						[PUBLIC]
					</Text>{' '}
					{verbs.join(', ')}
					{note.opens === true ? <Text color="yellow"> (newly open to anyone)</Text> : null}
				</>
			)}
		</>
	);
}

function preview(slugs: readonly string[]): string {
	const first = slugs.slice(0, 3).join(', ');
	return slugs.length > 3 ? `${first}, …` : first;
}
