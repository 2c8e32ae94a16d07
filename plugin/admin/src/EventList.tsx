/**
 * The API tab's "Latest events": what svc recorded on this site (files that failed to load and
 * loaded again, checks that threw, releases), newest first, as `svc api logs` prints them.
 * Messages come from the server and are rendered as React text children, never as HTML.
 */
import { Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { listEvents, messageOf, type SiteEvent } from './api.js';

/** Enough to see what just happened; `svc api logs` has the rest. */
const SHOWN = 10;

/** Events that mean something is broken, marked so they stand out. */
const PROBLEMS = new Set(['load_failed', 'permission_threw', 'callback_threw', 'headers_threw', 'route_error', 'boot_fatal', 'vendor_failed']);

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; events: SiteEvent[] };

export function EventList() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    listEvents(SHOWN).then(
      (events) => live && setState({ status: 'loaded', events }),
      (error: unknown) => live && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="svc-events">
      <h2>{__('Latest events', 'svc')}</h2>
      {state.status === 'loading' && (
        <p className="svc-loading">
          <Spinner />
          {__('Loading events…', 'svc')}
        </p>
      )}
      {state.status === 'failed' && (
        <Notice status="error" isDismissible={false}>
          <p>{__('Could not load the events:', 'svc')}</p>
          <p className="svc-error-text">{state.message}</p>
        </Notice>
      )}
      {state.status === 'loaded' && state.events.length === 0 && <p className="svc-muted">{__('Nothing recorded yet.', 'svc')}</p>}
      {state.status === 'loaded' && state.events.length > 0 && (
        <table className="wp-list-table widefat fixed striped svc-event-table">
          <thead>
            <tr>
              <th scope="col" className="svc-event__time">
                {__('Time', 'svc')}
              </th>
              <th scope="col" className="svc-event__type">
                {__('Event', 'svc')}
              </th>
              <th scope="col">{__('What happened', 'svc')}</th>
            </tr>
          </thead>
          <tbody>
            {state.events.map((event) => (
              <tr key={event.id} className={PROBLEMS.has(event.type) ? 'svc-event svc-event--problem' : 'svc-event'} data-event-type={event.type}>
                <td className="svc-event__time">
                  <time dateTime={event.time}>{formatTime(event.time)}</time>
                </td>
                <td className="svc-event__type">
                  <code>{event.type}</code>
                </td>
                <td className="svc-event__message">{event.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** In the browser's locale and time zone; the raw value when it is not a date. */
function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
