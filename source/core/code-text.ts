/**
 * Where text from a site becomes TypeScript source (`svc api client`): one function per context,
 * so that no string of the site's is ever emitted as code. Each is total: whatever the text, the
 * result stays inside its context (a comment stays a comment, a string a string).
 */

import { jsonText } from './json-text.js';

/** Characters that end a line in JavaScript source (a // comment, a string literal before ES2019). */
const LINE_TERMINATORS = /[\r\n\u2028\u2029]/g;

/**
 * Text inside a block or doc comment, on one line: `*\/` can never close the comment (its slash
 * is escaped, and the escape adds no new `*\/`), and line terminators become spaces.
 */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\s*[\r\n\u2028\u2029]\s*/g, ' ');
}

/** A double-quoted string literal (JSON's escapes, plus the line terminators and C1 controls JSON leaves as they are). */
export function stringLiteral(text: string): string {
  return jsonText(text);
}

/** Text inside a template literal: a backslash, a backtick or `${` can neither end it nor start an expression. */
export function templateText(text: string): string {
  return text.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${').replace(LINE_TERMINATORS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name in a type or object literal: the name itself when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) && name !== '__proto__' ? name : stringLiteral(name);
}

/**
 * A key of an object literal that is built at run time: a string literal, computed for `__proto__`
 * (`["__proto__"]: x` makes an own property, where `"__proto__": x` would set the object's prototype).
 */
export function objectKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : stringLiteral(name);
}

/** Whether a name from the document may be used as an identifier as it is. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}
