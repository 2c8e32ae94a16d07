/**
 * The management endpoints the page uses (docs/management-api.md), through wp.apiFetch: WordPress
 * registers its REST root and nonce middlewares with the `wp-api-fetch` script, so requests carry
 * the logged-in user's X-WP-Nonce.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

/** One record of `GET svc/v1/api-files?content=false`. */
export interface ApiFile {
  filename: string;
  hash: string;
  /** The human form under the current namespace: `/svc-api/v1/users/[id]`. */
  path: string;
  /** WordPress's route pattern; null when the file name breaks the slug rules. */
  route: string | null;
  methods: string[];
  public?: boolean;
  /** Why the file failed to load at its last boot. */
  error?: string;
  /** #[Cache] of GET, when declared. */
  cache?: { max_age: number; stale_while_revalidate: number | null };
  /** Answers sent before WordPress loaded (hits) and answers WordPress made and stored (misses). */
  early_cache?: { hits: number; misses: number };
  /** #[RateLimit] per verb, when declared. */
  rate_limits?: Record<string, { requests: number; per: number; shared: boolean }>;
  /** #[Schedule] methods with their next and last run (ISO 8601 UTC), when declared. */
  schedules?: ScheduleStatus[];
}

export interface ScheduleStatus {
  method: string;
  /** hourly, twicedaily, daily, weekly, or every (seconds in interval). */
  recurrence: string;
  interval: number;
  next_run: string | null;
  last_run: { started: string; finished: string | null; outcome: string; message: string | null } | null;
}

export interface FileListing {
  files: ApiFile[];
  /** Files over the per-file size limit, left out of the listing (X-Svc-Skipped). */
  skipped: number;
}

export interface NamespaceChange {
  namespace: string;
  previous: string;
}

/** A WordPress REST error ({code, message, data}) or whatever apiFetch rejected with. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** apiFetch rejects with the parsed error body, or with the Response itself when parse is false. */
async function toApiError(rejection: unknown): Promise<ApiError> {
  let body: unknown = rejection;
  if (rejection instanceof Response) {
    try {
      body = await rejection.json();
    } catch {
      body = undefined;
    }
    if (!isObject(body)) {
      return new ApiError(`HTTP ${rejection.status} ${rejection.statusText}`.trim(), 'http_error');
    }
  }
  if (isObject(body) && typeof body['message'] === 'string') {
    return new ApiError(body['message'], typeof body['code'] === 'string' ? body['code'] : 'unknown');
  }
  return new ApiError(__('The server sent an unexpected answer.', 'svc'), 'unknown');
}

function toApiFile(value: unknown): ApiFile | null {
  if (!isObject(value) || typeof value['filename'] !== 'string') return null;
  const methods = Array.isArray(value['methods']) ? value['methods'].filter((m): m is string => typeof m === 'string') : [];
  return {
    filename: value['filename'],
    hash: typeof value['hash'] === 'string' ? value['hash'] : '',
    path: typeof value['path'] === 'string' ? value['path'] : '',
    route: typeof value['route'] === 'string' ? value['route'] : null,
    methods,
    public: value['public'] === true,
    ...(typeof value['error'] === 'string' ? { error: value['error'] } : {}),
    ...policiesOf(value),
  };
}

/** `cache`, `early_cache`, `rate_limits` and `schedules`, each kept only when well formed. */
function policiesOf(value: Record<string, unknown>): Pick<ApiFile, 'cache' | 'early_cache' | 'rate_limits' | 'schedules'> {
  const policies: Pick<ApiFile, 'cache' | 'early_cache' | 'rate_limits' | 'schedules'> = {};
  const cache = value['cache'];
  if (isObject(cache) && isCount(cache['max_age'])) {
    policies.cache = { max_age: cache['max_age'], stale_while_revalidate: isCount(cache['stale_while_revalidate']) ? cache['stale_while_revalidate'] : null };
  }
  const counts = value['early_cache'];
  if (isObject(counts) && isCount(counts['hits']) && isCount(counts['misses'])) {
    policies.early_cache = { hits: counts['hits'], misses: counts['misses'] };
  }
  const rates = value['rate_limits'];
  if (isObject(rates)) {
    policies.rate_limits = {};
    for (const [verb, rate] of Object.entries(rates)) {
      if (isObject(rate) && isCount(rate['requests']) && isCount(rate['per'])) {
        policies.rate_limits[verb] = { requests: rate['requests'], per: rate['per'], shared: rate['shared'] === true };
      }
    }
  }
  const schedules = value['schedules'];
  if (Array.isArray(schedules)) {
    policies.schedules = schedules.flatMap((item: unknown): ScheduleStatus[] => {
      if (!isObject(item) || typeof item['method'] !== 'string' || typeof item['recurrence'] !== 'string' || !isCount(item['interval'])) return [];
      const last = item['last_run'];
      const text = (from: Record<string, unknown>, key: string): string | null => (typeof from[key] === 'string' ? (from[key] as string) : null);
      return [
        {
          method: item['method'],
          recurrence: item['recurrence'],
          interval: item['interval'],
          next_run: text(item, 'next_run'),
          last_run:
            isObject(last) && typeof last['started'] === 'string' && typeof last['outcome'] === 'string'
              ? { started: last['started'], finished: text(last, 'finished'), outcome: last['outcome'], message: text(last, 'message') }
              : null,
        },
      ];
    });
  }
  return policies;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Each 503 svc_boot_fatal means one more broken route file is now skipped for good (docs/management-api.md). */
const BOOT_FATAL_RETRIES = 25;

async function fetchListing(): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiFetch({ path: '/svc/v1/api-files?content=false', parse: false });
    } catch (rejection) {
      const error = await toApiError(rejection);
      // The listing loads route files; one that stops PHP costs that request and is skipped after it.
      if (error.code !== 'svc_boot_fatal' || attempt >= BOOT_FATAL_RETRIES) throw error;
    }
  }
}

export async function listFiles(): Promise<FileListing> {
  const response = await fetchListing();
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new ApiError(__('The server sent an unexpected answer.', 'svc'), 'unknown');
  const skipped = Number.parseInt(response.headers.get('X-Svc-Skipped') ?? '0', 10);
  return {
    files: body.map(toApiFile).filter((file): file is ApiFile => file !== null),
    skipped: Number.isFinite(skipped) ? skipped : 0,
  };
}

export async function readNamespace(): Promise<string> {
  try {
    const body = await apiFetch<unknown>({ path: '/svc/v1/api-namespace' });
    if (isObject(body) && typeof body['namespace'] === 'string') return body['namespace'];
  } catch (rejection) {
    throw await toApiError(rejection);
  }
  throw new ApiError(__('The server sent an unexpected answer.', 'svc'), 'unknown');
}

export async function saveNamespace(namespace: string): Promise<NamespaceChange> {
  try {
    const body = await apiFetch<unknown>({ path: '/svc/v1/api-namespace', method: 'PUT', data: { namespace } });
    if (isObject(body) && typeof body['namespace'] === 'string' && typeof body['previous'] === 'string') {
      return { namespace: body['namespace'], previous: body['previous'] };
    }
  } catch (rejection) {
    throw await toApiError(rejection);
  }
  throw new ApiError(__('The server sent an unexpected answer.', 'svc'), 'unknown');
}

/** One record of `GET svc/v1/events` (docs/management-api.md, "Events"). */
export interface SiteEvent {
  id: number;
  /** ISO 8601, UTC. */
  time: string;
  type: string;
  slug: string | null;
  message: string;
  user: { id: number; login: string } | null;
}

function toSiteEvent(value: unknown): SiteEvent | null {
  if (!isObject(value) || typeof value['id'] !== 'number' || typeof value['type'] !== 'string' || typeof value['message'] !== 'string') return null;
  const user = value['user'];
  return {
    id: value['id'],
    time: typeof value['time'] === 'string' ? value['time'] : '',
    type: value['type'],
    slug: typeof value['slug'] === 'string' ? value['slug'] : null,
    message: value['message'],
    user: isObject(user) && typeof user['id'] === 'number' && typeof user['login'] === 'string' ? { id: user['id'], login: user['login'] } : null,
  };
}

/** The newest events, newest first. */
export async function listEvents(perPage: number): Promise<SiteEvent[]> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>({ path: `/svc/v1/events?per_page=${perPage}` });
  } catch (rejection) {
    throw await toApiError(rejection);
  }
  if (!isObject(body) || !Array.isArray(body['events'])) throw new ApiError(__('The server sent an unexpected answer.', 'svc'), 'unknown');
  return body['events'].map(toSiteEvent).filter((event): event is SiteEvent => event !== null);
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return __('Something went wrong.', 'svc');
}
