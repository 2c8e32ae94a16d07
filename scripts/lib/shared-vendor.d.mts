/** Types of shared-vendor.mjs (plain JavaScript, shared with scripts/make-pot.mjs). */
export declare function sharedVendorDir(): string | undefined;
export declare function wpCliCommand(): string[];
