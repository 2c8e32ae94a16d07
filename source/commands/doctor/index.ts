/**
 * svc doctor: gathers facts about the selected site and the local project (each request's answer
 * or error), and prints core/doctor-checks.ts's verdict, one line per check. Exit 1 when a check fails.
 */
import { existsSync } from 'node:fs';
import { diagnose, formatCheck, readDiagnostics, type DoctorFacts, type Probe } from '../../core/doctor-checks.js';
import { isSvcError } from '../../core/errors.js';
import { formatProblem, scanApiDir } from '../../core/route-files.js';
import type { DoctorCommand } from './command.js';
import { openProject, openSite, type Site } from '../shared/context.js';
import { printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: DoctorCommand, io: Io): Promise<number> {
	const project = openProject(io);
	const scan = await scanApiDir(project.apiDir, { allowMissing: true });
	const projectFacts: DoctorFacts['project'] = {
		file: project.file?.path,
		apiLabel: project.apiLabel,
		apiExists: existsSync(project.apiDir),
		files: scan.files.length,
		problems: scan.problems.map((problem) => formatProblem(problem, project.apiLabel)),
	};
	let site: Site | undefined;
	let noSite: string | undefined;
	try {
		site = openSite(io, { site: command.site, project });
	} catch (error) {
		if (!isSvcError(error)) throw error;
		noSite = error.message;
	}
	const facts: DoctorFacts = site === undefined ? { siteUrl: undefined, cliVersion: io.version, project: projectFacts, ...(noSite === undefined ? {} : { noSite }) } : await siteFacts(site, io, projectFacts);
	const checks = diagnose(facts);
	const failed = checks.some((check) => check.status === 'fail');
	if (command.json) {
		printJson(io, { site: facts.siteUrl ?? null, ok: !failed, checks });
	} else {
		io.stdout.write(`svc doctor${facts.siteUrl === undefined ? '' : `: ${facts.siteUrl}`}\n${checks.map((check) => `${formatCheck(check)}\n`).join('')}`);
	}
	return failed ? 1 : 0;
}

async function siteFacts(site: Site, io: Io, project: DoctorFacts['project']): Promise<DoctorFacts> {
	const { client } = site;
	const restRoot = await probe(() => client.restRoot());
	if (!restRoot.ok) return { siteUrl: site.url, cliVersion: io.version, restRoot, project };
	const [index, status, diagnostics, skipped] = await Promise.all([
		probe(() => client.getRestIndex()),
		probe(async () => {
			const answer = await client.getStatus();
			return answer === undefined
				? undefined
				: {
						deployAllowed: answer.deploy.allowed,
						...(answer.deploy.reason === undefined ? {} : { deployReason: answer.deploy.reason }),
						...(answer.limits.requestBytes === undefined ? {} : { requestBytes: answer.limits.requestBytes }),
						...(answer.limits.fileBytes === undefined ? {} : { fileBytes: answer.limits.fileBytes }),
						...(answer.nodeCount === undefined ? {} : { nodeCount: answer.nodeCount, driftedNodes: answer.driftedNodes ?? [] }),
					};
		}),
		probe(async () => {
			const body = await client.getDiagnostics();
			return body === undefined ? undefined : readDiagnostics(body);
		}),
		probe(async () => (await client.listFiles({ content: false })).files.flatMap((file) => (file.error === undefined ? [] : [{ slug: file.slug, error: file.error }]))),
	]);
	return { siteUrl: site.url, cliVersion: io.version, restRoot, index, status, diagnostics, skipped, project };
}

async function probe<T>(task: () => Promise<T>): Promise<Probe<T>> {
	try {
		return { ok: true, value: await task() };
	} catch (error) {
		if (isSvcError(error)) {
			return {
				ok: false,
				code: error.code ?? 'error',
				message: error.message,
				...(error.serverCode === undefined ? {} : { serverCode: error.serverCode }),
				...(error.status === undefined ? {} : { status: error.status }),
				...(error.hint === undefined ? {} : { hint: error.hint }),
			};
		}
		return { ok: false, code: 'error', message: error instanceof Error ? error.message : String(error) };
	}
}
