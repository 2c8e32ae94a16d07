/**
 * The Text every screen uses: Ink's, with each string child passed through shownLine(). Screens
 * show a site's words (route names, errors a caller could set, release authors, file lines), and
 * this is the one door they reach the terminal by, so no screen can forget it: a control or bidi
 * character becomes a visible escape, never a colour, a cursor move, a title or a clipboard write.
 * Nested Text and styling props pass through; colours come from props, never from the text.
 */
import { Text as InkText, type TextProps } from 'ink';
import { Children, type ReactNode } from 'react';
import { shownLine } from '../core/terminal-text.js';

function shown(child: ReactNode): ReactNode {
	return typeof child === 'string' ? shownLine(child) : child;
}

export function Text({ children, ...props }: TextProps) {
	return <InkText {...props}>{Children.map(children, shown)}</InkText>;
}
