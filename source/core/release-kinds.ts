/**
 * The kinds of release a site keeps (plugin/src/Release/ReleaseKind.php holds the same list): what
 * each is called, how the releases table colours it, and which a push may ask for. svc dev's saves
 * are `dev` releases, kept apart from deploys so that saving never prunes a rollback point away.
 * A preview is committed like a push but never made active; a promote makes one active.
 */
export const RELEASE_KINDS = {
	push: { color: 'green', requestable: true },
	prune: { color: 'yellow', requestable: false },
	rm: { color: 'red', requestable: false },
	rollback: { color: 'magenta', requestable: false },
	import: { color: 'blue', requestable: false },
	dev: { color: 'cyan', requestable: true },
	preview: { color: 'gray', requestable: true },
	promote: { color: 'green', requestable: false },
} as const satisfies Record<string, { readonly color: string; readonly requestable: boolean }>;

export type ReleaseKind = keyof typeof RELEASE_KINDS;

/** The kinds a commit may name (`POST api-releases` `kind`); the others come from their own endpoints. */
export type RequestableKind = { [K in ReleaseKind]: (typeof RELEASE_KINDS)[K]['requestable'] extends true ? K : never }[ReleaseKind];

/** The colour a kind is shown in; a kind this CLI does not know yet (a newer plugin's) is plain. */
export function kindColor(kind: string): string {
	return Object.hasOwn(RELEASE_KINDS, kind) ? RELEASE_KINDS[kind as ReleaseKind].color : 'white';
}
