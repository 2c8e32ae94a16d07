/**
 * A SiteClient whose code loads with its first request: site-client.ts and what it brings (the
 * transport, the parsers of every answer, the failure texts: about 40 KB that each command's bundle
 * would otherwise compile and run at every start). A command that stops before it asks the site
 * anything ("no site selected", a local check) never loads it; one that asks loads it once, while
 * it waits for the site anyway. The site URL is known at once, as createSiteClient gives it.
 */
import type { SiteClient, SiteClientOptions } from './site-types.js';
import { stripCredentials } from './site-url.js';

type ClientMethod = Exclude<keyof SiteClient, 'siteUrl'>;

/** Every method of SiteClient: a Record, so that a method added there does not compile until it is forwarded here. */
const METHODS: Readonly<Record<ClientMethod, true>> = {
	restRoot: true,
	getNamespace: true,
	listFiles: true,
	uploadFiles: true,
	deleteFiles: true,
	getStatus: true,
	getStatusAndListing: true,
	stageBlobs: true,
	commitRelease: true,
	listReleases: true,
	rollback: true,
	promote: true,
	listEvents: true,
	getDiagnostics: true,
	getOpenApi: true,
	getRestIndex: true,
	listSecrets: true,
	setSecret: true,
	deleteSecret: true,
	purgeCache: true,
};

/** What the client's module gives: its factory (site-client.ts; a test passes another). */
export interface SiteClientModule {
	createSiteClient(options: SiteClientOptions): SiteClient;
}

export function lazySiteClient(options: SiteClientOptions, load: () => Promise<SiteClientModule> = () => import('./site-client.js')): SiteClient {
	let client: Promise<SiteClient> | undefined;
	const real = (): Promise<SiteClient> => (client ??= load().then((module) => module.createSiteClient(options)));
	const forwarded = Object.fromEntries(
		Object.keys(METHODS).map((name) => [
			name,
			async (...args: unknown[]): Promise<unknown> => {
				const target = await real();
				return (target[name as ClientMethod] as (...given: unknown[]) => Promise<unknown>)(...args);
			},
		]),
	);
	return { ...forwarded, siteUrl: stripCredentials(options.url) } as unknown as SiteClient;
}
