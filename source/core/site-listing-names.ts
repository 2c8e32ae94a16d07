/**
 * Which files to ask a listing for. A listing builds (and boots) every record it returns, so the
 * check after a push asks only for the files it pushed, from a plugin that lists some files only
 * (GET status's `features` has `listing_filenames`; an older one ignores the parameter and lists
 * all, which the check reads the same way). Names too many for one query string get the whole listing.
 */

/** The plugin's ListedNames::MAX. */
export const MAX_LISTED_NAMES = 1000;
/** The most bytes of names a query carries: well under the 8 KB request line of nginx's default. */
export const MAX_NAMES_QUERY_BYTES = 4000;

/** The names to list, or undefined for every file. */
export function listingNames(names: readonly string[], features: readonly string[] | undefined): readonly string[] | undefined {
	if (features?.includes('listing_filenames') !== true || names.length === 0 || names.length > MAX_LISTED_NAMES) return undefined;
	return encodeURIComponent(names.join(',')).length <= MAX_NAMES_QUERY_BYTES ? names : undefined;
}
