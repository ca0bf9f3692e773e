/**
 * Test helpers that run the IQL TextMate grammar the way VS Code does (vscode-textmate on the
 * Oniguruma regex engine compiled to WebAssembly), so the tests see the same scopes an editor
 * would. Everything is read from disk; nothing touches the network.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

/** The repository root, found from this file's place in test/unit/grammar. */
export const repoRoot = resolve(__dirname, '..', '..', '..');

const grammarPath = join(repoRoot, 'syntaxes', 'iql.tmLanguage.json');
const wasmPath = join(repoRoot, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm');

/** One token of one line: its text and its scopes, outermost (`source.iql`) first. */
export interface ScopedToken {
  readonly text: string;
  readonly scopes: readonly string[];
}

/** The tokens of one line, in order; their texts joined give back the line. */
export type TokenizedLine = readonly ScopedToken[];

let grammarPromise: Promise<textmate.IGrammar> | undefined;

/**
 * Loads the grammar once per test process. The WebAssembly engine can be initialised only
 * once, which is why the promise is kept rather than rebuilt per call.
 */
function loadGrammar(): Promise<textmate.IGrammar> {
  grammarPromise ??= createGrammar();
  return grammarPromise;
}

async function createGrammar(): Promise<textmate.IGrammar> {
  const wasm = readFileSync(wasmPath);
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => oniguruma.createOnigScanner(patterns),
      createOnigString: (text: string) => oniguruma.createOnigString(text),
    }),
    loadGrammar: (scopeName: string) =>
      Promise.resolve(
        scopeName === 'source.iql' ? textmate.parseRawGrammar(readFileSync(grammarPath, 'utf8'), grammarPath) : null,
      ),
  });
  const grammar = await registry.loadGrammar('source.iql');
  if (grammar === null) throw new Error(`could not load the grammar at ${grammarPath}; check its scopeName is source.iql`);
  return grammar;
}

/**
 * Tokenizes `text` line by line, carrying the rule stack across lines as an editor does (so a
 * block comment may span lines). Lines are split on LF or CRLF. Every line yields at least
 * one token, even when empty, exactly as vscode-textmate reports it.
 */
export async function tokenize(text: string): Promise<TokenizedLine[]> {
  const grammar = await loadGrammar();
  let state: textmate.StateStack = textmate.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens.map((token) => ({
      text: line.slice(token.startIndex, token.endIndex),
      scopes: token.scopes,
    }));
  });
}

/**
 * Returns the tokens that overlap the `occurrence`-th (0-based) appearance of `needle` in
 * `lines`, searching line by line. Throws with a readable message when the needle is absent,
 * so a typo in a test fails loudly instead of passing vacuously.
 */
export function findTokens(lines: readonly TokenizedLine[], needle: string, occurrence = 0): ScopedToken[] {
  let seen = 0;
  for (const tokens of lines) {
    const lineText = tokens.map((token) => token.text).join('');
    let from = lineText.indexOf(needle);
    while (from !== -1) {
      if (seen === occurrence) {
        const to = from + needle.length;
        let offset = 0;
        const overlapping: ScopedToken[] = [];
        for (const token of tokens) {
          const end = offset + token.text.length;
          if (end > from && offset < to) overlapping.push(token);
          offset = end;
        }
        return overlapping;
      }
      seen += 1;
      from = lineText.indexOf(needle, from + 1);
    }
  }
  throw new Error(`"${needle}" (occurrence ${occurrence}) does not appear in the tokenized text`);
}

/** True when `scope` is `prefix` itself or a more specific scope under it (`keyword` ⊇ `keyword.other.clause.iql`). */
export function isScopeUnder(scope: string, prefix: string): boolean {
  return scope === prefix || scope.startsWith(`${prefix}.`);
}

/** True when every token overlapping `needle` carries a scope under `prefix`. */
export function hasScope(lines: readonly TokenizedLine[], needle: string, prefix: string, occurrence = 0): boolean {
  return findTokens(lines, needle, occurrence).every((token) => token.scopes.some((scope) => isScopeUnder(scope, prefix)));
}

/** True when no token overlapping `needle` carries a scope under `prefix`. */
export function lacksScope(lines: readonly TokenizedLine[], needle: string, prefix: string, occurrence = 0): boolean {
  return findTokens(lines, needle, occurrence).every((token) => !token.scopes.some((scope) => isScopeUnder(scope, prefix)));
}

/** Renders the tokens overlapping `needle` for assertion messages. */
export function describeTokens(lines: readonly TokenizedLine[], needle: string, occurrence = 0): string {
  return findTokens(lines, needle, occurrence)
    .map((token) => `${JSON.stringify(token.text)} → ${token.scopes.join(' ')}`)
    .join('\n');
}
