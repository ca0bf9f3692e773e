/**
 * A 50,000-line document in the built language server over stdio: keystroke → diagnostics in
 * the middle of the file, each request once, and the heap (after a full collection) before
 * opening, while open, after closing, and per edit. See test/reliability/large-document.ts.
 */
import { startServer } from '../test/lsp/lsp-session';
import { measureLargeDocument } from '../test/reliability/large-document';

const MB = 2 ** 20;

async function main(): Promise<void> {
  const session = startServer('stdio', { IQL_BASE_URL: '', IQL_API_KEY: '' });
  try {
    await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await session.connection.sendNotification('initialized', {});
    const figures = await measureLargeDocument(session, { keystrokes: 60, creepEdits: 300 });
    const rows: string[][] = [
      ['Open → first diagnostics', `${figures.openToDiagnosticsMs.toFixed(0)} ms`, '—'],
      ['Keystroke in the middle → diagnostics: median', `${figures.keystrokeMedianMs.toFixed(1)} ms`, '< 50 ms'],
      ['Keystroke in the middle → diagnostics: p95', `${figures.keystrokeP95Ms.toFixed(1)} ms`, '—'],
      ...Object.entries(figures.requestMs).map(([method, ms]) => [`Request ${method}`, `${ms.toFixed(0)} ms`, '< 1,000 ms']),
      ['Heap before opening', `${(figures.heapBeforeOpen / MB).toFixed(1)} MB`, '—'],
      ['Heap with the document open', `${(figures.heapOpen / MB).toFixed(1)} MB`, '—'],
      ['Heap after closing it', `${(figures.heapAfterClose / MB).toFixed(1)} MB`, 'as before opening'],
      [`Heap growth per edit (${figures.creepEdits} edits)`, `${(figures.heapPerEdit / 1024).toFixed(2)} KB`, '≈ 0'],
    ];
    process.stdout.write(
      [
        '## Large document',
        '',
        `${figures.lines.toLocaleString('en-GB')} lines (${(figures.characters / MB).toFixed(2)} MB, ${(figures.lines / 5).toLocaleString('en-GB')} queries), no service;`,
        'the built server over stdio; heap figures measured by the server after a full garbage collection (`iql/server/status`).',
        'Format Document declines files over 10,000 lines with a notice (Format Selection works), so its figure is the refusal.',
        '',
        '| Measure | Value | Target |',
        '|---|---|---|',
        ...rows.map((row) => `| ${row.join(' | ')} |`),
        '',
      ].join('\n'),
    );
    await session.close();
  } finally {
    session.process.kill();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
