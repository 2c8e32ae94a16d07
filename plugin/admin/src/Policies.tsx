/**
 * A route's #[Cache], #[RateLimit] and #[Schedule] under its route in the API tab, with each
 * schedule's next and last run. All of it is the site's data, rendered as React text (escaped).
 */
import { __, sprintf } from '@wordpress/i18n';

import type { ApiFile, ScheduleStatus } from './api.js';

export function Policies({ file }: { file: ApiFile }) {
  const limits = Object.entries(file.rate_limits ?? {});
  const schedules = file.schedules ?? [];
  if (file.cache === undefined && limits.length === 0 && schedules.length === 0) {
    return null;
  }
  return (
    <ul className="svc-policies">
      {file.cache !== undefined && (
        <li className="svc-policy svc-policy--cache">
          {file.cache.stale_while_revalidate === null
            ? /* translators: %d: seconds */
              sprintf(__('Cache: GET answers for %d s', 'svc'), file.cache.max_age)
            : /* translators: 1: seconds, 2: seconds */
              sprintf(__('Cache: GET answers for %1$d s, stale while revalidating for %2$d s', 'svc'), file.cache.max_age, file.cache.stale_while_revalidate)}
          {file.early_cache !== undefined && (
            <span className="svc-policy__counts" data-hits={file.early_cache.hits} data-misses={file.early_cache.misses}>
              {' ('}
              {
                /* translators: 1: answers sent from the store, 2: answers WordPress made and stored */
                sprintf(__('%1$d hits, %2$d misses', 'svc'), file.early_cache.hits, file.early_cache.misses)
              }
              {')'}
            </span>
          )}
        </li>
      )}
      {limits.map(([verb, limit]) => (
        <li key={verb} className="svc-policy svc-policy--rate">
          {
            /* translators: 1: HTTP verb, 2: requests, 3: seconds */
            sprintf(__('Rate limit: %1$s %2$d requests per %3$d s per client', 'svc'), verb, limit.requests, limit.per)
          }
        </li>
      ))}
      {schedules.map((schedule) => (
        <ScheduleItem key={schedule.method} schedule={schedule} />
      ))}
    </ul>
  );
}

function ScheduleItem({ schedule }: { schedule: ScheduleStatus }) {
  const every =
    schedule.recurrence === 'every'
      ? /* translators: %d: seconds */
        sprintf(__('every %d s', 'svc'), schedule.interval)
      : schedule.recurrence;
  const next = schedule.next_run === null ? __('not scheduled yet', 'svc') : sprintf(/* translators: %s: date and time */ __('next %s', 'svc'), shown(schedule.next_run));
  const last = schedule.last_run;
  const failed = last?.outcome === 'error';
  return (
    <li className={failed ? 'svc-policy svc-policy--schedule svc-policy--failed' : 'svc-policy svc-policy--schedule'} data-method={schedule.method}>
      {
        /* translators: 1: method name, 2: how often, 3: next run */
        sprintf(__('Schedule: %1$s() %2$s, %3$s', 'svc'), schedule.method, every, next)
      }
      {', '}
      {last === null
        ? __('never ran', 'svc')
        : /* translators: 1: ok, error or running, 2: date and time */
          sprintf(__('last run %1$s at %2$s', 'svc'), last.outcome, shown(last.finished ?? last.started))}
      {failed && last.message !== null && <pre className="svc-policy__error">{last.message}</pre>}
    </li>
  );
}

/** `2026-11-25T16:00:00Z` as `2026-11-25 16:00 UTC`: the site's clock runs WP-Cron. */
function shown(iso: string): string {
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(iso);
  return match === null ? iso : `${match[1]} ${match[2]} UTC`;
}
