/**
 * What each event type of the site's log means to someone reading it: its level (what
 * `svc api logs --level` filters on) and its mark in the plain output. One table, so a new type is
 * added once. Pure and small: the argv parser reads the level names from here.
 */

export const EVENT_LEVELS = ['error', 'warn', 'info'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

const TYPES: Readonly<Record<string, { readonly level: EventLevel; readonly icon: string }>> = {
	load_failed: { level: 'error', icon: '✖' },
	boot_fatal: { level: 'error', icon: '✖' },
	route_error: { level: 'error', icon: '✖' },
	schedule_error: { level: 'error', icon: '✖' },
	vendor_failed: { level: 'error', icon: '✖' },
	permission_threw: { level: 'warn', icon: '⚠' },
	headers_threw: { level: 'warn', icon: '⚠' },
	load_recovered: { level: 'info', icon: '✔' },
	release: { level: 'info', icon: '↑' },
};

/** A type this CLI does not know yet (a newer plugin's) is information. */
export function levelOf(type: string): EventLevel {
	return Object.hasOwn(TYPES, type) ? (TYPES[type]?.level ?? 'info') : 'info';
}

export function iconOf(type: string): string {
	return Object.hasOwn(TYPES, type) ? (TYPES[type]?.icon ?? '•') : '•';
}

/** Whether an event of `type` is shown at `--level threshold`: that level and the graver ones. */
export function atLevel(type: string, threshold: EventLevel): boolean {
	return EVENT_LEVELS.indexOf(levelOf(type)) <= EVENT_LEVELS.indexOf(threshold);
}

/** `--level` as typed (also `warning`, any case); undefined when it names no level. */
export function readLevel(text: string): EventLevel | undefined {
	const name = text.trim().toLowerCase();
	const level = name === 'warning' ? 'warn' : name;
	return (EVENT_LEVELS as readonly string[]).includes(level) ? (level as EventLevel) : undefined;
}
