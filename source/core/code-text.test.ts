import { describe, expect, it } from '@jest/globals';

import { commentText, objectKey, propertyKey, stringLiteral, templateText } from './code-text.js';

/** Evaluates a generated expression in a fresh function: what the text means as JavaScript. */
const evaluate = (expression: string): unknown => new Function(`"use strict"; return (${expression});`)();

const HOSTILE = ['*/ globalThis.pwned = 1; /*', '**//', '`${globalThis.pwned = 1}`', '\\`', '"\'\\', 'a\nb\rc\u2028d\u2029e', '${', '}', '\u202e', '__proto__', ''];

describe('the escaping of site text into generated code, one function per context', () => {
  it.each(HOSTILE)('commentText keeps %j inside a comment, on one line', (text) => {
    const comment = `/** ${commentText(text)} */`;
    expect(comment.slice(3, -2)).not.toContain('*/');
    expect(comment).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(evaluate(`${comment} 42`)).toBe(42);
  });

  it.each(HOSTILE)('stringLiteral makes %j a string literal of exactly that text', (text) => {
    expect(evaluate(stringLiteral(text))).toBe(text);
    expect(stringLiteral(text)).not.toMatch(/[\u2028\u2029\n\r]/);
  });

  it.each(HOSTILE)('templateText keeps %j literal inside a template: no expression, no end', (text) => {
    (globalThis as { pwned?: number }).pwned = undefined;
    expect(evaluate(`\`<${templateText(text)}>\``)).toBe(`<${text}>`);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('propertyKey leaves identifiers bare and quotes the rest, __proto__ included', () => {
    expect(propertyKey('name')).toBe('name');
    expect(propertyKey('first-name')).toBe('"first-name"');
    expect(propertyKey('__proto__')).toBe('"__proto__"');
    expect(propertyKey('a"]; x; //')).toBe('"a\\"]; x; //"');
  });

  it('objectKey makes __proto__ an own property of an object literal, not its prototype', () => {
    const made = evaluate(`{ ${objectKey('__proto__')}: 1, ${objectKey('a"b')}: 2 }`) as Record<string, number>;
    expect(Object.getOwnPropertyNames(made)).toEqual(['__proto__', 'a"b']);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
  });
});
