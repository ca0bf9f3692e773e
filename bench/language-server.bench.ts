/**
 * Language-server benchmark: a catalog of 10,000 datasets × 50 categories served by the
 * emulator, the built server driven over stdio as any LSP client would. Measures completion
 * latency once the catalog is cached, syntax + catalog diagnostics for a 2 KB query (in
 * process, the pure path the server runs on every keystroke), and the server's memory.
 * Prints only a Markdown section on stdout.
 *
 *   npm run build && node --import tsx bench/language-server.bench.ts
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createCatalog, type CatalogDataset, checkFileAgainstCatalog, toDiagnostics, parseIql } from '../language/src';
import { startServer } from '../test/lsp/lsp-session';
import { categoryDataType, categoryLabel, percentile, rssMegabytes, serveGeneratedCatalog } from './catalog-fixture';
import { iqlQuery } from './peer-contenders';

const DATASETS = 10_000;
const CATEGORIES = 50;
const TARGETS = { completionP95Ms: 10, diagnosticsMedianMs: 5, memoryMegabytes: 300 };

function measureDiagnostics(): { median: number; p95: number; size: number } {
  const datasets: CatalogDataset[] = Array.from({ length: DATASETS }, (_, d) => ({
    name: `Dataset${d}`,
    privateId: `Dataset${d}`,
    keys: ['email'],
    outputColumns: [],
    activation: false,
    categoriesKnown: true,
    categories: Array.from({ length: CATEGORIES }, (_, c) => ({
      label: categoryLabel(c),
      representations: [{ label: categoryLabel(c), dataType: categoryDataType(c) }],
    })),
  }));
  const catalog = createCatalog(datasets);
  const text = iqlQuery().text;
  const document = TextDocument.create('file:///bench.iql', 'iql', 1, text);
  const run = (): number => {
    const { ast, problems } = parseIql(text);
    return toDiagnostics(document, [...problems, ...checkFileAgainstCatalog(ast, catalog)]).length;
  };
  if (run() !== 0) {
    const { ast, problems } = parseIql(text);
    throw new Error(`the benchmark query should be clean: ${JSON.stringify([...problems, ...checkFileAgainstCatalog(ast, catalog)].slice(0, 3))}`);
  }
  for (let i = 0; i < 300; i += 1) run();
  const times: number[] = [];
  for (let i = 0; i < 2000; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), size: text.length };
}

async function main(): Promise<void> {
  const served = await serveGeneratedCatalog(DATASETS, CATEGORIES);
  try {
    const session = startServer('stdio', served.serverEnv);
    try {
      await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await session.connection.sendNotification('initialized', {});
      const uri = 'file:///bench/query.iql';
      const text = 'SELECT AGGREGATE(Dataset4242.) FROM Dataset4242 INTERSECT ';
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text } });
      const datasetsAt = { line: 0, character: text.length };
      const categoriesAt = { line: 0, character: 'SELECT AGGREGATE(Dataset4242.'.length };

      const loadStart = performance.now();
      await session.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: datasetsAt });
      const loadMs = performance.now() - loadStart;

      const times: number[] = [];
      for (let i = 0; i < 400; i += 1) {
        const position = i % 2 === 0 ? datasetsAt : categoriesAt;
        const start = performance.now();
        await session.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const peakMemory = rssMegabytes(session.process.pid!, 'VmHWM');
      const memory = rssMegabytes(session.process.pid!, 'VmRSS');
      const diagnostics = measureDiagnostics();

      const rows = [
        ['Catalog load + first completion (10,000 datasets)', `${loadMs.toFixed(0)} ms`, '—'],
        ['Completion, catalog cached: median', `${percentile(times, 50).toFixed(2)} ms`, '—'],
        ['Completion, catalog cached: p95', `${percentile(times, 95).toFixed(2)} ms`, `≤ ${TARGETS.completionP95Ms} ms`],
        [`Syntax + catalog diagnostics, ${diagnostics.size} B query: median`, `${diagnostics.median.toFixed(3)} ms`, `≤ ${TARGETS.diagnosticsMedianMs} ms`],
        ['Syntax + catalog diagnostics: p95', `${diagnostics.p95.toFixed(3)} ms`, '—'],
        ['Server memory: peak RSS (catalog load and completions)', `${peakMemory.toFixed(0)} MB`, `≤ ${TARGETS.memoryMegabytes} MB`],
        ['Server memory: RSS afterwards, catalog cached', `${memory.toFixed(0)} MB`, '—'],
      ];
      process.stdout.write(
        [
          '## Language server',
          '',
          `Catalog of ${DATASETS.toLocaleString('en-GB')} datasets × ${CATEGORIES} categories served by the emulator; the built server over stdio;`,
          '400 completions alternating "after FROM" (capped list) and "after Dataset4242." (50 categories), measured as JSON-RPC round trips.',
          '',
          '| Measure | Value | Target |',
          '|---|---|---|',
          ...rows.map((r) => `| ${r.join(' | ')} |`),
          '',
        ].join('\n'),
      );
      await session.close();
    } finally {
      session.process.kill();
    }
  } finally {
    await served.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
