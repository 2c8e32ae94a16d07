/**
 * svc api pull: mirrors the site's route files into api/. Shows what will change, asks (in a
 * terminal), then writes each file atomically and removes local files the site lacks. Removing
 * needs --yes where nobody can be asked.
 */
import { isPullNoop, planPull } from '../../core/plan.js';
import { applyPullPlan } from '../../core/pull-writer.js';
import { scanApiDir } from '../../core/route-files.js';
import type { ApiPullCommand } from './command.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { openProject, openSite } from '../shared/context.js';
import { isInteractive, note, printJson, type Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiPullCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const project = openProject(io);
	// A first pull creates api/; only hashes are needed to compare.
	const scan = await scanApiDir(project.apiDir, { allowMissing: true, lexical: false });
	const site = openSite(io, { site: command.site, project });
	// Ink starts loading once the command will do its work (a site chosen), while the site answers:
	// a command that stops at "no site selected" never loads it.
	const views = command.json ? undefined : preload(import('./screens.js'));
	const listing = await site.client.listFiles({ content: true });
	// Files the site skips for size are not in its listing, but it still has them: keep the local
	// copies. Links on the site have no content to pull: they are left alone on both sides.
	const links = listing.files.filter((file) => file.link === true).map((file) => file.slug);
	const skipped = listing.skipped === 0 ? [] : (listing.skippedFiles ?? 'unknown');
	const notListed = skipped === 'unknown' ? skipped : [...skipped, ...links];
	const plan = planPull(listing.files.filter((file) => file.link !== true), scan.files, { notListed });
	const report = {
		site: site.url,
		dir: project.apiDir,
		dryRun: command.dryRun,
		added: plan.create.map((file) => file.slug),
		changed: plan.overwrite.map((file) => file.slug),
		removed: plan.remove.map((file) => file.slug),
		unchanged: plan.unchanged.map((file) => file.slug),
		written: [] as readonly string[],
		deleted: [] as readonly string[],
		rejected: plan.rejected.map((file) => ({ slug: file.slug, message: file.message })),
		skipped: listing.skipped,
		kept: plan.kept.map((file) => file.slug),
	};

	const ui = views === undefined ? undefined : await views;
	if (ui !== undefined) {
		ui.printPlan(io, {
			plan: { added: report.added, changed: report.changed, removed: report.removed, unchanged: report.unchanged.length },
			direction: 'pull',
			site: site.url,
			dir: project.apiLabel,
			dryRun: command.dryRun,
		});
		for (const rejected of plan.rejected) {
			note(io, `⚠ Not pulled: ${JSON.stringify(rejected.slug)}: ${rejected.message}.`);
		}
		if (listing.skipped > 0) {
			note(io, `⚠ ${plural(listing.skipped, 'file')} on the site ${listing.skipped === 1 ? 'is' : 'are'} over the size limit; the site skips ${listing.skipped === 1 ? 'it' : 'them'}, so ${listing.skipped === 1 ? 'it is' : 'they are'} not pulled.`);
		}
		if (plan.kept.length > 0) {
			note(io, `  Kept locally (the site has ${plan.kept.length === 1 ? 'it' : 'them'} but did not send ${plan.kept.length === 1 ? 'it' : 'them'}): ${plan.kept.map((file) => `${file.slug}.php`).join(', ')}.`);
		}
	}
	if (isPullNoop(plan) || command.dryRun) {
		if (command.json) printJson(io, report);
		return 0;
	}

	const removals = plan.remove.length;
	if (removals > 0 || (interactive && !command.yes)) {
		const changes = plan.create.length + plan.overwrite.length;
		const question = [
			changes > 0 ? `Write ${plural(changes, 'file')}` : '',
			removals > 0 ? `${changes > 0 ? ' and delete' : 'Delete'} ${plural(removals, 'local file')}` : '',
		].join('');
		const go = await confirmAction(io, {
			yes: command.yes,
			interactive,
			question: `${question} in ${project.apiLabel}/?`,
			action: `delete ${plural(removals, 'local file')} the site does not have`,
			defaultYes: removals === 0,
			views,
		});
		if (!go) {
			return declined(io, 'nothing was pulled');
		}
	}

	const total = plan.create.length + plan.overwrite.length + plan.remove.length;
	let result;
	if (ui === undefined) {
		result = await applyPullPlan(project.apiDir, plan);
	} else {
		const view = ui.liveWriting(io, interactive, total);
		try {
			result = await applyPullPlan(project.apiDir, plan, (progress) => view.update(progress.done));
		} finally {
			await view.finish();
		}
	}
	if (ui === undefined) {
		printJson(io, { ...report, written: result.written, deleted: result.removed });
		return 0;
	}
	ui.printPulled(io, { written: result.written.length, removed: result.removed.length, unchanged: report.unchanged.length, apiLabel: project.apiLabel });
	return 0;
}
