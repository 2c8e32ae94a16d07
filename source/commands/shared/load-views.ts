/** Starts loading the Ink views (see views.ts); the promise is awaited where output begins. */
export type Views = typeof import('./views.js');

export function loadViews(): Promise<Views> {
	const loading = import('./views.js');
	// Awaited later; until then a failure must not surface as an unhandled rejection.
	loading.catch(() => undefined);
	return loading;
}

/**
 * A command's own screens module (e.g. api-pull/screens.tsx), imported early like the views: the
 * promise is awaited where output begins, and a failure until then is not an unhandled rejection.
 */
export function preload<T>(loading: Promise<T>): Promise<T> {
	loading.catch(() => undefined);
	return loading;
}
