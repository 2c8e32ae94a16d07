/**
 * The --json contract (docs/cli-json.md): every document a command prints is checked against its
 * command's JSON Schema in docs/cli-json/, failures against error.schema.json. The runner calls
 * this on every `--json` run, so each end-to-end test of a command also tests its contract.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

import { declarationTyped } from '../../../source/commands/registry.js';
import { REPO_ROOT } from './packed-cli.js';

export const SCHEMA_DIR = path.join(REPO_ROOT, 'docs', 'cli-json');
const BASE = 'https://svc.local/cli-json/';

let validators: Map<string, ValidateFunction> | undefined;

/** Every schema in docs/cli-json, compiled once (they refer to common.schema.json). */
export function schemaValidators(): Map<string, ValidateFunction> {
  if (validators !== undefined) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  const names = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.schema.json'));
  for (const name of names) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(SCHEMA_DIR, name), 'utf8')) as object);
  }
  validators = new Map(
    names.map((name) => {
      const validate = ajv.getSchema(`${BASE}${name}`);
      if (validate === undefined) throw new Error(`${name} has no $id ${BASE}${name}`);
      return [name.slice(0, -'.schema.json'.length), validate];
    }),
  );
  return validators;
}

function isOneDocument(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `api list`, `doctor`, `plugin zip`… from argv: the words before the first flag or argument. */
export function commandOf(args: readonly string[]): string | undefined {
  const words = args.filter((arg) => !arg.startsWith('-'));
  const [first, second] = words;
  if (first === undefined) return undefined;
  // A command of three words (`api cache purge`) is the registry's to tell from two and an argument.
  const typed = declarationTyped(words)?.declaration.name;
  if (typed !== undefined && typed.split(' ').length > 2) return typed.split(' ').join('-');
  return first === 'api' || first === 'plugin' || first === 'secrets' ? (second === undefined ? undefined : `${first}-${second}`) : first;
}

/**
 * Throws when stdout is not what the command's schema allows: a failure (a document with `error`)
 * is checked against error.schema.json, except push's, whose own schema carries the error keys.
 * NDJSON (--follow, dev) is checked line by line.
 */
export function assertJsonContract(args: readonly string[], stdout: string): void {
  if (!args.includes('--json') || args.some((arg) => arg === '--help' || arg === '-h' || arg === '--version')) return;
  const command = commandOf(args);
  // A stream (--follow, dev) is one object per line, unless it failed before streaming: one document.
  const streamed = (args.includes('--follow') || command === 'dev') && !isOneDocument(stdout);
  const lines = streamed ? stdout.split('\n').filter((line) => line.trim() !== '') : [stdout];
  for (const text of lines) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new Error(`svc ${args.join(' ')} printed something that is not JSON:\n${stdout}`);
    }
    const failed = typeof document === 'object' && document !== null && 'error' in document;
    const known = command !== undefined && schemaValidators().has(command);
    const name = failed && !(command === 'api-push' && known) ? 'error' : known ? command : undefined;
    if (name === undefined) throw new Error(`svc ${args.join(' ')}: no schema in docs/cli-json for "${command ?? ''}"`);
    const validate = schemaValidators().get(name)!;
    if (!validate(document)) {
      const problems = (validate.errors ?? []).map((error) => `  ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
      throw new Error(`svc ${args.join(' ')}: --json output breaks docs/cli-json/${name}.schema.json:\n${problems.join('\n')}\n${text.slice(0, 2000)}`);
    }
  }
}
