import { describe, expect, it } from '@jest/globals';

import { hasUnsafeControls, shownLine, shownLines } from './terminal-text.js';

describe('shownLine: site text as terminal text', () => {
  it.each([
    ['ESC of a colour', '\u001b[31mred', '\\x1b[31mred'],
    ['a window title (OSC 0, BEL)', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    ['an OSC 52 clipboard write', '\u001b]52;c;ZXZpbA==\u0007', '\\x1b]52;c;ZXZpbA==\\x07'],
    ['a hyperlink (OSC 8)', '\u001b]8;;https://evil.example\u001b\\docs\u001b]8;;\u001b\\', '\\x1b]8;;https://evil.example\\x1b\\docs\\x1b]8;;\\x1b\\'],
    ['a clear screen', '\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['CR that would overwrite the line', 'ok\rall routes deleted', 'ok\\x0dall routes deleted'],
    ['a line break', 'a\nb', 'a\\x0ab'],
    ['a NUL (a tab stays: PHP and diffs are full of it)', 'a\tb\u0000', 'a\tb\\x00'],
    ['DEL and a C1 CSI', 'a\u007fb\u009b31m', 'a\\x7fb\\x9b31m'],
    ['bidi overrides and isolates', 'evil\u202egnp.exe \u2066x\u2069 \u202a', 'evil\\u202egnp.exe \\u2066x\\u2069 \\u202a'],
  ])('shows %s as visible escapes', (_label, text, shown) => {
    expect(shownLine(text)).toBe(shown);
    expect(hasUnsafeControls(shownLine(text))).toBe(false);
  });

  it('keeps printable Unicode as it is: accents, CJK, emoji, symbols', () => {
    const text = 'Café 東京 🚀 → ✔ ü ß';
    expect(shownLine(text)).toBe(text);
    expect(hasUnsafeControls(text)).toBe(false);
  });
});

describe('shownLines: a multi-line message laid out on purpose', () => {
  it('indents the lines after the first and escapes controls on each', () => {
    expect(shownLines('first\nsecond\u001b[2K\r\nthird', '    ')).toBe('first\n    second\\x1b[2K\\x0d\n    third');
  });

  it('finds unsafe controls, and finds none in what it made', () => {
    expect(hasUnsafeControls('a\u001bb')).toBe(true);
    expect(hasUnsafeControls('a\u2067b')).toBe(true);
    expect(hasUnsafeControls(shownLines('a\u001bb\nc\u2067'))).toBe(false);
  });
});
