/**
 * The API tab: a read-only list of the deployed route files, and the latest events svc recorded.
 * Nothing here creates, edits or removes a route; deploying is the CLI's job.
 *
 * Everything shown comes from files on the server (names, paths, load errors) and is rendered as
 * React text children, which React escapes: never as HTML.
 */
import { Notice, Spinner } from '@wordpress/components';
import { createInterpolateElement, useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

import { listFiles, messageOf, type ApiFile, type FileListing } from './api.js';
import { EventList } from './EventList.js';
import { Policies } from './Policies.js';
import { isLinkable, restUrl } from './urls.js';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; listing: FileListing };

export function ApiTab({ restRoot }: { restRoot: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    listFiles().then(
      (listing) => live && setState({ status: 'loaded', listing }),
      (error: unknown) => live && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.status === 'loading') {
    return (
      <p className="svc-loading">
        <Spinner />
        {__('Loading route files…', 'svc')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <Notice status="error" isDismissible={false}>
        <p>{__('Could not load the route files:', 'svc')}</p>
        <p className="svc-error-text">{state.message}</p>
      </Notice>
    );
  }

  const { files, skipped } = state.listing;
  return (
    <div className="svc-api-tab">
      {skipped > 0 && (
        <Notice status="warning" isDismissible={false}>
          {sprintf(
            /* translators: %d: number of files */
            _n(
              '%d route file is over the per-file size limit: it is not served and not listed.',
              '%d route files are over the per-file size limit: they are not served and not listed.',
              skipped,
              'svc',
            ),
            skipped,
          )}
        </Notice>
      )}
      {files.length === 0 ? <EmptyState /> : <FileTable files={files} restRoot={restRoot} />}
      <EventList />
    </div>
  );
}

function EmptyState() {
  return (
    <div className="svc-empty">
      <p className="svc-empty__title">{__('No routes are deployed yet.', 'svc')}</p>
      <p>
        {createInterpolateElement(
          __(
            'Write a route file in your project’s <code>api/</code> directory (for example <code>api/hello.php</code>), then deploy it with <code>svc api push</code>.',
            'svc',
          ),
          { code: <code /> },
        )}
      </p>
    </div>
  );
}

function FileTable({ files, restRoot }: { files: ApiFile[]; restRoot: string }) {
  return (
    <table className="wp-list-table widefat fixed striped svc-files">
      <thead>
        <tr>
          <th scope="col" className="svc-files__file">
            {__('File', 'svc')}
          </th>
          <th scope="col" className="svc-files__route">
            {__('Route', 'svc')}
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <FileRow key={file.filename} file={file} restRoot={restRoot} />
        ))}
      </tbody>
    </table>
  );
}

function FileRow({ file, restRoot }: { file: ApiFile; restRoot: string }) {
  const failed = file.error !== undefined;
  return (
    <tr className={failed ? 'svc-file svc-file--failed' : 'svc-file'} data-filename={file.filename}>
      <td className="svc-files__file">
        <code className="svc-file__name">{`${file.filename}.php`}</code>
        {failed && <span className="svc-badge svc-badge--failed">{__('Failed to load', 'svc')}</span>}
        {file.public === true && (
          <span
            className="svc-badge svc-badge--public"
            title={__('Anyone can call at least one verb of this route without logging in.', 'svc')}
          >
            {__('Public', 'svc')}
          </span>
        )}
        {failed && <pre className="svc-file__error">{file.error}</pre>}
      </td>
      <td className="svc-files__route">
        <RouteCell file={file} restRoot={restRoot} />
      </td>
    </tr>
  );
}

function RouteCell({ file, restRoot }: { file: ApiFile; restRoot: string }) {
  if (file.route === null) {
    return <span className="svc-muted">{__('None: the file name is not a valid route name.', 'svc')}</span>;
  }
  return (
    <>
      {isLinkable(file) ? (
        <a className="svc-route" href={restUrl(restRoot, file.path)} target="_blank" rel="noopener noreferrer">
          {file.path}
        </a>
      ) : (
        <code className="svc-route">{file.path}</code>
      )}
      {file.methods.length > 0 && <span className="svc-methods">{file.methods.join(', ')}</span>}
      {file.error !== undefined && <span className="svc-muted svc-not-served">{__('Not served until the file is fixed.', 'svc')}</span>}
      <Policies file={file} />
    </>
  );
}
