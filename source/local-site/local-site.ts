/**
 * What `svc dev` needs of a throwaway WordPress, whichever runtime serves it (native-site.ts,
 * playground.ts): where it is, how svc logs in, how a person logs in, and how to remove it.
 */
export interface LocalSite {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** Which runtime serves it, in words, e.g. "this machine's PHP, MariaDB and WordPress, served by nginx + php-fpm". */
  readonly runtime: string;
  /** The administrator's login for wp-login.php. */
  readonly admin: { readonly login: string; readonly password: string };
  /** An application password of that administrator, for svc's REST calls. */
  readonly appPassword: string;
  /** Stops every process of the site and removes its files. Idempotent. */
  stop(): Promise<void>;
}
