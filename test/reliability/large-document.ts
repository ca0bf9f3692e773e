/**
 * A 50,000-line IQL document and what the language server does with it, measured over real
 * JSON-RPC: shared by the reliability test (which asserts limits) and bench/large-document
 * (which reports the figures).
 */
import { performance } from 'node:perf_hooks';
import type { LspSession } from '../lsp/lsp-session';
import { ServerStatusRequest, type ServerStatusResult } from '../../common/protocol';

/** Queries of every clause kind, one every five lines, each with its own value so no two match. */
export function largeIqlDocument(lines: number): string {
  const out: string[] = [];
  for (let index = 0; out.length < lines; index++) {
    out.push(`-- query ${index}`, 'SELECT AGGREGATE(Retail.Gender), TOPN(Retail.Region, 5)', 'FROM Retail INTERSECT Publisher1', `WHERE Retail.Region = 'Region ${index}' AND Retail.Age > ${index % 90};`, '');
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}

export interface LargeDocumentFigures {
  readonly lines: number;
  readonly characters: number;
  readonly openToDiagnosticsMs: number;
  /** Edit in the middle of the document → its diagnostics published. */
  readonly keystrokeMedianMs: number;
  readonly keystrokeP95Ms: number;
  /** Each request once, after the edits, by LSP method. */
  readonly requestMs: Readonly<Record<string, number>>;
  /** Heap after a full collection, in bytes: before opening, with the document open, after closing it. */
  readonly heapBeforeOpen: number;
  readonly heapOpen: number;
  readonly heapAfterClose: number;
  /** Heap growth per edit over `creepEdits` edits, in bytes, each end measured after a collection. */
  readonly heapPerEdit: number;
  readonly creepEdits: number;
}

const MIDDLE_LINE = 25_001;

async function status(session: LspSession): Promise<ServerStatusResult> {
  return session.connection.sendRequest<ServerStatusResult>(ServerStatusRequest);
}

/** Opens the document, types in its middle, asks every feature once, closes it; measures each step. */
export async function measureLargeDocument(session: LspSession, options: { lines?: number; keystrokes?: number; creepEdits?: number } = {}): Promise<LargeDocumentFigures> {
  const lines = options.lines ?? 50_000;
  const keystrokes = options.keystrokes ?? 30;
  const creepEdits = options.creepEdits ?? 200;
  const connection = session.connection;
  const text = largeIqlDocument(lines);
  const uri = 'file:///reliability/large.iql';
  const textDocument = { uri };
  let version = 1;

  const heapBeforeOpen = (await status(session)).memory.heapUsed;
  let started = performance.now();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version, text } });
  await session.waitForDiagnostics(uri, () => true, 60_000);
  const openToDiagnosticsMs = performance.now() - started;

  const type = async (): Promise<number> => {
    version += 1;
    const began = performance.now();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: MIDDLE_LINE, character: 0 }, end: { line: MIDDLE_LINE, character: 0 } }, text: ' ' }],
    });
    await session.waitForDiagnostics(uri, () => true, 60_000);
    return performance.now() - began;
  };
  const times: number[] = [];
  for (let index = 0; index < keystrokes; index++) times.push(await type());
  times.sort((a, b) => a - b);

  const position = { line: MIDDLE_LINE, character: 12 };
  const requests: Array<[string, unknown]> = [
    ['textDocument/hover', { textDocument, position }],
    ['textDocument/completion', { textDocument, position }],
    ['textDocument/signatureHelp', { textDocument, position: { line: MIDDLE_LINE, character: 20 } }],
    ['textDocument/documentSymbol', { textDocument }],
    ['textDocument/foldingRange', { textDocument }],
    ['textDocument/semanticTokens/full', { textDocument }],
    ['textDocument/semanticTokens/range', { textDocument, range: { start: { line: MIDDLE_LINE - 40, character: 0 }, end: { line: MIDDLE_LINE + 40, character: 0 } } }],
    ['textDocument/codeLens', { textDocument }],
    ['textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } }],
    ['textDocument/rangeFormatting', { textDocument, range: { start: { line: MIDDLE_LINE - 10, character: 0 }, end: { line: MIDDLE_LINE + 10, character: 0 } }, options: { tabSize: 2, insertSpaces: true } }],
  ];
  const requestMs: Record<string, number> = {};
  for (const [method, params] of requests) {
    started = performance.now();
    await connection.sendRequest(method, params);
    requestMs[method.replace('textDocument/', '')] = performance.now() - started;
  }

  const heapOpen = (await status(session)).memory.heapUsed;
  // Growth per edit is measured from here: the first edits after the requests above settle
  // one-time state (compiled code, caches the requests filled), which is not a creep.
  for (let index = 0; index < 20; index++) await type();
  const heapBeforeEdits = (await status(session)).memory.heapUsed;
  for (let index = 0; index < creepEdits; index++) await type();
  const heapAfterEdits = (await status(session)).memory.heapUsed;

  await connection.sendNotification('textDocument/didClose', { textDocument });
  const heapAfterClose = (await status(session)).memory.heapUsed;
  return {
    lines,
    characters: text.length,
    openToDiagnosticsMs,
    keystrokeMedianMs: times[Math.floor(times.length / 2)],
    keystrokeP95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
    requestMs,
    heapBeforeOpen,
    heapOpen,
    heapAfterClose,
    heapPerEdit: (heapAfterEdits - heapBeforeEdits) / creepEdits,
    creepEdits,
  };
}
