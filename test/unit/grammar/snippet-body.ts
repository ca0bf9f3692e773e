/**
 * A reader for the subset of VS Code's snippet syntax the IQL snippets use: tab stops `$1`,
 * `${1}`, placeholders `${1:default}` (nestable), choices `${1|a,b|}` and the escapes `\$`,
 * `\}`, `\\` (plus `\,` and `\|` inside choices). It is strict on purpose: a lone `$` or a
 * variable such as `$TM_FILENAME` is reported, because no IQL snippet needs one and an
 * accidental `$` would silently vanish when the editor expands the snippet.
 */

type SnippetPart =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'tabstop'; readonly index: number }
  | { readonly kind: 'placeholder'; readonly index: number; readonly parts: readonly SnippetPart[] }
  | { readonly kind: 'choice'; readonly index: number; readonly options: readonly string[] };

/** What a snippet body holds, once read. */
export interface SnippetBodyReport {
  /** The text the editor inserts when every tab stop keeps its default (first choice, mirrors filled). */
  readonly expanded: string;
  /** Every tab stop number used, with the defaults written at each place it appears (`''` for a bare `$n`). */
  readonly tabStops: ReadonlyMap<number, readonly string[]>;
  /** Each problem as a sentence naming where it is; empty when the body is well formed. */
  readonly problems: readonly string[];
}

/**
 * Reads one snippet body (the lines of a `body` array joined with `\n`) and reports its
 * expansion, its tab stops and every syntax or numbering problem. Never throws.
 */
export function readSnippetBody(body: string): SnippetBodyReport {
  const problems: string[] = [];
  let pos = 0;

  function readNumber(): number | undefined {
    const match = /^\d+/.exec(body.slice(pos));
    if (match === null) return undefined;
    pos += match[0].length;
    return Number(match[0]);
  }

  function readChoiceOptions(): string[] | undefined {
    const options: string[] = [];
    let current = '';
    while (pos < body.length) {
      const ch = body[pos];
      if (ch === '\\' && pos + 1 < body.length && ',|\\'.includes(body[pos + 1] ?? '')) {
        current += body[pos + 1];
        pos += 2;
      } else if (ch === ',') {
        options.push(current);
        current = '';
        pos += 1;
      } else if (ch === '|' && body[pos + 1] === '}') {
        options.push(current);
        pos += 2;
        return options;
      } else {
        current += ch;
        pos += 1;
      }
    }
    return undefined;
  }

  /** Reads parts until the end of the body, or until an unescaped `}` when `nested`. */
  function readParts(nested: boolean): SnippetPart[] {
    const parts: SnippetPart[] = [];
    let text = '';
    const flush = (): void => {
      if (text !== '') parts.push({ kind: 'text', value: text });
      text = '';
    };
    while (pos < body.length && problems.length === 0) {
      const ch = body[pos];
      if (ch === '\\' && '$}\\'.includes(body[pos + 1] ?? 'x')) {
        text += body[pos + 1];
        pos += 2;
      } else if (ch === '}' && nested) {
        break;
      } else if (ch === '$') {
        flush();
        const start = pos;
        pos += 1;
        if (body[pos] === '{') {
          pos += 1;
          const index = readNumber();
          if (index === undefined) {
            problems.push(`offset ${start}: "\${" must be followed by a tab stop number`);
          } else if (body[pos] === '}') {
            pos += 1;
            parts.push({ kind: 'tabstop', index });
          } else if (body[pos] === ':') {
            pos += 1;
            const inner = readParts(true);
            if (body[pos] !== '}') problems.push(`offset ${start}: placeholder \${${index}:…} is never closed with "}"`);
            pos += 1;
            parts.push({ kind: 'placeholder', index, parts: inner });
          } else if (body[pos] === '|') {
            pos += 1;
            const options = readChoiceOptions();
            if (options === undefined) problems.push(`offset ${start}: choice \${${index}|…|} is never closed with "|}"`);
            else if (options.length < 2) problems.push(`offset ${start}: choice \${${index}|…|} offers fewer than two options; use a placeholder instead`);
            else parts.push({ kind: 'choice', index, options });
          } else {
            problems.push(`offset ${start}: expected "}", ":" or "|" after "\${${index}"`);
          }
        } else {
          const index = readNumber();
          if (index === undefined) problems.push(`offset ${start}: a lone "$" is not a tab stop; write "\\\\$" for a literal dollar sign`);
          else parts.push({ kind: 'tabstop', index });
        }
      } else {
        text += ch;
        pos += 1;
      }
    }
    flush();
    return parts;
  }

  // Outside a placeholder a "}" is plain text (the editor reads it so), which bins rely on.
  const parts = readParts(false);

  // Defaults are taken from the first place each number has one, as the editor does for mirrors.
  const defaults = new Map<number, string>();
  const tabStops = new Map<number, string[]>();
  const record = (index: number, value: string): void => {
    tabStops.set(index, [...(tabStops.get(index) ?? []), value]);
  };
  function expand(items: readonly SnippetPart[]): string {
    return items
      .map((part) => {
        switch (part.kind) {
          case 'text':
            return part.value;
          case 'tabstop':
            record(part.index, '');
            return defaults.get(part.index) ?? '';
          case 'placeholder': {
            const value = defaults.get(part.index) ?? expand(part.parts);
            if (!defaults.has(part.index)) defaults.set(part.index, value);
            record(part.index, expand(part.parts));
            return value;
          }
          case 'choice': {
            const value = part.options[0] ?? '';
            if (!defaults.has(part.index)) defaults.set(part.index, value);
            record(part.index, value);
            return value;
          }
        }
      })
      .join('');
  }
  // Two passes so that a bare `$1` written before `${1:x}` still mirrors x.
  expand(parts);
  tabStops.clear();
  const expanded = expand(parts);

  checkNumbering(tabStops, problems);
  return { expanded, tabStops, problems };
}

/** Tab stops must run 1..n without gaps, `$0` may appear once, and mirrors must agree on their default. */
function checkNumbering(tabStops: ReadonlyMap<number, readonly string[]>, problems: string[]): void {
  const numbers = [...tabStops.keys()].filter((index) => index > 0).sort((a, b) => a - b);
  const gap = numbers.findIndex((index, position) => index !== position + 1);
  if (gap !== -1) problems.push(`tab stops jump from ${gap} to ${numbers[gap]}; number them 1, 2, 3, … without gaps`);
  if ((tabStops.get(0)?.length ?? 0) > 1) problems.push('$0 (the final cursor position) appears more than once');
  for (const [index, values] of tabStops) {
    const written = new Set(values.filter((value) => value !== ''));
    if (written.size > 1) problems.push(`tab stop ${index} has different defaults (${[...written].join(' / ')}); mirrors must agree`);
  }
}
