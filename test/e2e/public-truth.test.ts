/**
 * [PUBLIC] is the truth: for every way PHP lets the Permission attribute be written, what the
 * listing says about a verb being open is what the site does for an anonymous caller, and values
 * that are not true or false are refused at push, naming the attribute.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { checkRouteSource } from '../../source/core/php-lexical.js';
import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, push, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

const GET = "\tpublic function get(): array { return array( 'ok' => true ); }";

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

interface Form {
  readonly preamble?: string;
  readonly namespace?: string;
  readonly classAttribute?: string;
  readonly method?: string;
  readonly open: boolean;
}

/** Each form: the Permission import is left out, so the form alone decides what the name means. */
const FORMS: Record<string, Form> = {
  'alias-of-the-namespace': { preamble: 'use Svc\\Api\\Attribute as A;', method: '#[A\\Permission(public: true)]', open: true },
  'group-use-alias': { preamble: 'use Svc\\Api\\Attribute\\{Permission as PermG};', method: '#[PermG(public: true)]', open: true },
  'aliased-import': { preamble: 'use Svc\\Api\\Attribute\\Permission as Open;', classAttribute: '#[Open(public: true)]', open: true },
  'fully-qualified': { method: '#[\\Svc\\Api\\Attribute\\Permission(public: true)]', open: true },
  'grouped-attributes': { preamble: 'use Svc\\Api\\Attribute\\Permission;', method: '#[Other, Permission(public: true)]', open: true },
  'own-namespace': { namespace: 'Svc\\Api\\Attribute', method: '#[Permission(public: true)]', open: true },
  'namespace-relative': { namespace: 'Svc\\Api', method: '#[namespace\\Attribute\\Permission(public: true)]', open: true },
  'other-case': { preamble: 'use SVC\\API\\ATTRIBUTE as attr;', method: '#[ATTR\\PERMISSION(public: TRUE)]', open: true },
  'unimported-in-a-namespace': { namespace: 'App\\Routes', method: '#[Permission(public: true)]', open: false },
  'alias-hides-the-name': { preamble: 'use Svc\\Api\\Attribute\\Permission as Open;', method: '#[Permission(public: true)]', open: false },
  'aliased-false': { preamble: 'use Svc\\Api\\Attribute as A;', classAttribute: '#[A\\Permission(public: false)]', open: false },
  'function-import': { preamble: 'use function Svc\\Api\\Attribute\\Permission;', method: '#[Permission(public: true)]', open: false },
};

function formSource(form: Form): string {
  return routeSource(uniqueClass('Form'), [form.method === undefined ? '' : `\t${form.method}`, GET].join('\n'), {
    noPermissionImport: true,
    ...(form.namespace === undefined ? {} : { namespace: form.namespace }),
    ...(form.preamble === undefined ? {} : { preamble: form.preamble }),
    ...(form.classAttribute === undefined ? {} : { classAttribute: form.classAttribute }),
  });
}

describe('every way of writing the attribute', () => {
  const sources = Object.fromEntries(Object.entries(FORMS).map(([name, form]) => [`truth/${name}`, formSource(form)]));

  beforeAll(async () => {
    await pushOk(site, sources);
  });

  it.each(Object.entries(FORMS))('%s: the listing, the CLI and an anonymous call agree', async (name, form) => {
    const slug = `truth/${name}`;
    const listed = (await list(site, '?content=false')).records.find((record) => record.filename === slug);
    expect(listed?.public === true).toBe(form.open);
    expect(checkRouteSource(sources[slug] ?? '').isPublic).toBe(form.open);
    const anonymous = await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' });
    if (form.open) {
      expect(anonymous.body).toEqual({ ok: true });
    } else {
      expectError(anonymous, 401, 'rest_forbidden');
    }
  });

  it('the OpenAPI document marks exactly the open verbs', async () => {
    const document = (await call(site, '/svc/v1/openapi')).body;
    for (const [name, form] of Object.entries(FORMS)) {
      expect(document.paths[`/svc-api/v1/truth/${name}`]?.get?.['x-svc-public'] === true).toBe(form.open);
    }
  });
});

describe('values that are not true or false', () => {
  const cases: [string, string][] = [
    ['1', '#[Permission(public: 1)]'],
    ["'0'", "#[Permission(public: '0')]"],
    ['null', '#[Permission(public: null)]'],
    ['!false', '#[Permission(public: !false)]'],
    ['1 === 1', '#[Permission(1 === 1)]'],
  ];

  it.each(cases)('public: %s is refused at push, naming the attribute, and nothing is written', async (written, attribute) => {
    const source = routeSource(uniqueClass('NotBoolean'), [`\t${attribute}`, GET].join('\n'));
    const line = source.split('\n').findIndex((text) => text.includes(attribute)) + 1;
    const response = await push(site, { 'truth/not-boolean': source });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual([
      {
        filename: 'truth/not-boolean',
        code: 'svc_bad_permission',
        message: `line ${line}: #[Permission] on get() has public: ${written}, which is not true or false; svc reads who may call a route without running the file, so public takes only the literal true or false`,
      },
    ]);
    // The CLI's local check refuses it in the same words, before anything is sent.
    expect(checkRouteSource(source).problems).toEqual([{ code: 'svc_bad_permission', message: response.body.data.errors[0].message }]);
    expect((await list(site, '?content=false')).records.map((record) => record.filename)).not.toContain('truth/not-boolean');
    expectError(await call(site, '/svc-api/v1/truth/not-boolean', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it('an aliased attribute with a non-boolean value is refused too', async () => {
    const source = routeSource(uniqueClass('AliasedNotBoolean'), ['\t#[A\\Permission(public: 1)]', GET].join('\n'), {
      noPermissionImport: true,
      preamble: 'use Svc\\Api\\Attribute as A;',
    });
    const response = await push(site, { 'truth/aliased-not-boolean': source });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors[0]).toMatchObject({ code: 'svc_bad_permission', message: expect.stringContaining('#[Permission] on get() has public: 1') });
  });
});
