/**
 * The Settings tab: the namespace every route file registers under. The server validates the
 * value; its message is shown as is when it refuses one.
 */
import { Button, Notice, Spinner, TextControl } from '@wordpress/components';
import { createInterpolateElement, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FormEvent } from 'react';

import { messageOf, readNamespace, saveNamespace, type NamespaceChange } from './api.js';
import { namespaceBase } from './urls.js';

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded' };
type Outcome = { kind: 'saved'; change: NamespaceChange } | { kind: 'refused'; message: string } | null;

export function SettingsTab({ restRoot }: { restRoot: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    readNamespace().then(
      (namespace) => {
        if (!live) return;
        setSaved(namespace);
        setValue(namespace);
        setLoad({ status: 'loaded' });
      },
      (error: unknown) => live && setLoad({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (load.status === 'loading') {
    return (
      <p className="svc-loading">
        <Spinner />
        {__('Loading settings…', 'svc')}
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <Notice status="error" isDismissible={false}>
        <p>{__('Could not load the settings:', 'svc')}</p>
        <p className="svc-error-text">{load.message}</p>
      </Notice>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const wanted = value.trim();
    setSaving(true);
    setOutcome(null);
    saveNamespace(wanted).then(
      (change) => {
        setSaved(change.namespace);
        setValue(change.namespace);
        setOutcome({ kind: 'saved', change });
        setSaving(false);
      },
      (error: unknown) => {
        setOutcome({ kind: 'refused', message: messageOf(error) });
        setSaving(false);
      },
    );
  };

  return (
    <form className="svc-settings" onSubmit={submit}>
      {outcome?.kind === 'refused' && (
        <Notice status="error" isDismissible={false} className="svc-settings__error">
          <p className="svc-error-text">{outcome.message}</p>
        </Notice>
      )}
      {outcome?.kind === 'saved' && <Moved change={outcome.change} restRoot={restRoot} />}
      <TextControl
        className="svc-settings__namespace"
        label={__('Route namespace', 'svc')}
        value={value}
        onChange={setValue}
        disabled={saving}
        autoComplete="off"
        spellCheck={false}
        help={createInterpolateElement(
          __(
            'Every route file is served under this namespace: a lowercase name, a slash and a version, for example <code>my-api/v1</code>. Routes answer under <base />.',
            'svc',
          ),
          { code: <code />, base: <code>{namespaceBase(restRoot, saved)}</code> },
        )}
      />
      <p className="svc-settings__warning">
        {__('Changing it moves every route URL at once; the old URLs are not redirected.', 'svc')}
      </p>
      <div className="svc-settings__actions">
        <Button variant="primary" type="submit" isBusy={saving} disabled={saving || value.trim() === saved}>
          {__('Save namespace', 'svc')}
        </Button>
        {saving && <Spinner />}
      </div>
    </form>
  );
}

function Moved({ change, restRoot }: { change: NamespaceChange; restRoot: string }) {
  if (change.namespace === change.previous) {
    return (
      <Notice status="info" isDismissible={false}>
        <p>{__('The namespace is unchanged.', 'svc')}</p>
      </Notice>
    );
  }
  return (
    <Notice status="success" isDismissible={false} className="svc-settings__moved">
      <p>
        {createInterpolateElement(
          __('Namespace changed from <old /> to <new />. Every route URL moved: routes now answer under <base />', 'svc'),
          {
            old: <code>{change.previous}</code>,
            new: <code>{change.namespace}</code>,
            base: <code className="svc-new-base">{namespaceBase(restRoot, change.namespace)}</code>,
          },
        )}
      </p>
      <p>{__('Old URLs are not redirected: update every client that calls them.', 'svc')}</p>
    </Notice>
  );
}
