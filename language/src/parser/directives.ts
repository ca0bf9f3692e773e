/**
 * Directives are a project convention (LANGUAGE.md §7): a line comment of the form
 * `-- @name value`, e.g. `-- @collaboration CLB.7f3a2c` or `-- @profile staging`.
 */
import type { IToken } from 'chevrotain';
import type { Directive } from './ast';
import { LineComment } from './tokens';

// `--`, optional spaces, `@name`, then the value (the rest of the line).
const directivePattern = /^--[ \t]*@([A-Za-z][A-Za-z0-9_-]*)(.*)$/;

/**
 * Reads the directives held by line comments, in order. Block comments never hold directives.
 * The name is lower-cased; the value is the rest of the comment, trimmed, with its own span
 * (zero-width right after the name when the author wrote no value).
 */
export function extractDirectives(comments: readonly IToken[]): Directive[] {
  const directives: Directive[] = [];
  for (const comment of comments) {
    if (comment.tokenType !== LineComment) continue;
    const match = directivePattern.exec(comment.image);
    if (match === null) continue;
    const [, name, rest] = match;
    const start = comment.startOffset;
    const end = start + comment.image.length;
    const nameStart = start + comment.image.indexOf('@');
    const nameEnd = nameStart + 1 + name.length;
    const leading = rest.length - rest.trimStart().length;
    const value = rest.trim();
    const valueStart = value.length > 0 ? nameEnd + leading : nameEnd;
    directives.push({
      kind: 'Directive',
      span: { start, end },
      name: name.toLowerCase(),
      nameSpan: { start: nameStart, end: nameEnd },
      value,
      valueSpan: { start: valueStart, end: valueStart + value.length },
    });
  }
  return directives;
}
