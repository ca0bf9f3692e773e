/**
 * Reads and rewrites a file's target directives (LANGUAGE.md §7): `-- @profile NAME` and
 * `-- @collaboration ID` line comments. Pure text in, offsets out, so that the status bar's
 * picker and its tests share one implementation.
 *
 * A directive is a `--` comment outside strings, quoted names and block comments, of the form
 * `--` [spaces] `@name` value, the value being the rest of the line; when a name appears more
 * than once the last one counts, as in the language server.
 */

export type TargetDirectiveName = 'profile' | 'collaboration';

export interface FoundDirective {
  readonly name: TargetDirectiveName;
  /** The value as the server reads it: the rest of the line, trimmed. */
  readonly value: string;
  /** Offset of `--`. */
  readonly commentStart: number;
  /** Offset just before the line break (or the end of the text). */
  readonly lineEnd: number;
  /** Offset of the start of the line. */
  readonly lineStart: number;
  /** Offset just after the line break (equals `lineEnd` on the last line). */
  readonly nextLineStart: number;
  /** True when only spaces precede the comment on its line. */
  readonly wholeLine: boolean;
}

/** Replace `[start, end)` of the original text with `newText`. */
export interface TextSpanEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** For each directive: a value sets it, null removes it, undefined (absent) leaves it alone. */
export interface TargetChange {
  readonly profile?: string | null;
  readonly collaboration?: string | null;
}

const DIRECTIVE = /^--[ \t]*@([A-Za-z][A-Za-z0-9_-]*)(.*)$/;

/** Every `@profile` and `@collaboration` directive of `text`, in order. Never throws. */
export function findTargetDirectives(text: string): FoundDirective[] {
  const found: FoundDirective[] = [];
  for (const comment of findLineComments(text)) {
    const match = DIRECTIVE.exec(text.slice(comment.start, comment.end));
    const name = match?.[1]?.toLowerCase();
    if (name !== 'profile' && name !== 'collaboration') continue;
    const lineStart = text.lastIndexOf('\n', comment.start - 1) + 1;
    const nextLineStart = comment.end < text.length ? text.indexOf('\n', comment.end) + 1 : comment.end;
    found.push({
      name,
      value: (match?.[2] ?? '').trim(),
      commentStart: comment.start,
      lineEnd: comment.end,
      lineStart,
      nextLineStart: nextLineStart > 0 ? nextLineStart : text.length,
      wholeLine: text.slice(lineStart, comment.start).trim() === '',
    });
  }
  return found;
}

/** The file's own target as the server reads it: the last non-empty value of each directive. */
export function readTargetDirectives(text: string): { profile?: string; collaboration?: string } {
  const target: { profile?: string; collaboration?: string } = {};
  for (const directive of findTargetDirectives(text)) {
    if (directive.value) target[directive.name] = directive.value;
  }
  return target;
}

/**
 * Why `value` cannot be written as a directive value, or undefined when it can: it must be
 * one non-empty line, since the value runs to the end of the line.
 */
export function checkDirectiveValue(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'The value is empty: name a profile or a collaboration ID.';
  if (/[\r\n\u2028\u2029]/.test(trimmed)) return 'The value must be on one line.';
  if (trimmed.length > 200) return 'The value is too long (at most 200 characters).';
  return undefined;
}

/**
 * The edits that make `text` target `change`: an existing directive line is rewritten in place
 * (and any repetition of it removed, since the last one would win), a new directive is inserted
 * at the top of the file (`@collaboration` right after an existing `@profile` line), and a
 * removed one takes its whole line with it when it stands alone. The file's line breaks (LF or
 * CRLF) are kept. Edits are sorted, never overlap, and apply to the original text. Values must
 * pass `checkDirectiveValue`; others are ignored.
 */
export function computeDirectiveEdits(text: string, change: TargetChange): TextSpanEdit[] {
  const directives = findTargetDirectives(text);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const top = text.startsWith('\uFEFF') ? 1 : 0;
  const edits: TextSpanEdit[] = [];

  const names: TargetDirectiveName[] = ['profile', 'collaboration'];
  for (const name of names) {
    const wanted = change[name];
    if (wanted === undefined || (wanted !== null && checkDirectiveValue(wanted) !== undefined)) continue;
    const existing = directives.filter((directive) => directive.name === name);
    const line = wanted === null ? undefined : `-- @${name} ${wanted.trim()}`;
    const [first, ...rest] = existing;
    for (const directive of line === undefined ? existing : rest) edits.push(removal(text, directive));
    if (line === undefined) continue;
    if (first) {
      edits.push({ start: first.commentStart, end: first.lineEnd, newText: line });
    } else {
      edits.push(insertion(directives, name, change, line, eol, top));
    }
  }
  return mergeTouching(edits);
}

/** Where a new directive goes: the top, or for a collaboration right after a kept profile line. */
function insertion(
  directives: readonly FoundDirective[],
  name: TargetDirectiveName,
  change: TargetChange,
  line: string,
  eol: string,
  top: number,
): TextSpanEdit {
  if (name === 'collaboration' && change.profile !== null) {
    const profileLines = directives.filter((directive) => directive.name === 'profile' && directive.wholeLine);
    const anchor = profileLines[0];
    if (anchor) {
      const atEnd = anchor.nextLineStart === anchor.lineEnd;
      return { start: anchor.nextLineStart, end: anchor.nextLineStart, newText: atEnd ? `${eol}${line}` : `${line}${eol}` };
    }
  }
  return { start: top, end: top, newText: `${line}${eol}` };
}

/** Removes a directive: its whole line when it stands alone, else the comment and the spaces before it. */
function removal(text: string, directive: FoundDirective): TextSpanEdit {
  if (directive.wholeLine) {
    if (directive.nextLineStart > directive.lineEnd) return { start: directive.lineStart, end: directive.nextLineStart, newText: '' };
    // The last line has no break of its own: take the one before it instead.
    const start = directive.lineStart > 0 ? directive.lineStart - (text[directive.lineStart - 2] === '\r' ? 2 : 1) : 0;
    return { start, end: directive.lineEnd, newText: '' };
  }
  let start = directive.commentStart;
  while (start > directive.lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { start, end: directive.lineEnd, newText: '' };
}

/**
 * Sorts edits (an insertion before a replacement at the same offset, insertions in the order
 * made) and joins edits that touch, so that the result is valid for editors that refuse
 * overlapping or adjacent ranges.
 */
function mergeTouching(edits: readonly TextSpanEdit[]): TextSpanEdit[] {
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || Number(a.edit.end > a.edit.start) - Number(b.edit.end > b.edit.start) || a.order - b.order)
    .map(({ edit }) => edit);
  const merged: TextSpanEdit[] = [];
  for (const edit of sorted) {
    const last = merged[merged.length - 1];
    if (last && edit.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, edit.end), newText: last.newText + edit.newText };
    } else {
      merged.push(edit);
    }
  }
  return merged;
}

/** The spans of `--` comments (to the end of their line, line break excluded). */
function findLineComments(text: string): { start: number; end: number }[] {
  const comments: { start: number; end: number }[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '-' && next === '-') {
      const end = lineEndFrom(text, index);
      comments.push({ start: index, end });
      index = end;
    } else if (char === '/' && next === '*') {
      const close = text.indexOf('*/', index + 2);
      index = close < 0 ? text.length : close + 2;
    } else if (char === "'" || char === '"') {
      // A string or quoted name ends at its closing quote (a doubled quote reopens it at once),
      // or at the end of the line when it is never closed.
      const close = text.indexOf(char, index + 1);
      const lineEnd = lineEndFrom(text, index);
      index = close < 0 || close > lineEnd ? lineEnd : close + 1;
    } else {
      index++;
    }
  }
  return comments;
}

function lineEndFrom(text: string, index: number): number {
  const newline = text.indexOf('\n', index);
  const end = newline < 0 ? text.length : newline;
  return end > index && text[end - 1] === '\r' ? end - 1 : end;
}
