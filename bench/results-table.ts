/** One measured figure in a bench section of RESULTS.md. */
export interface Row {
  readonly measure: string;
  readonly value: string;
  readonly target: string;
  /** Whether the target is met; undefined when the figure has no target. */
  readonly ok?: boolean;
}

/** The Markdown table every section of RESULTS.md uses. */
export function formatRows(rows: readonly Row[]): string[] {
  return [
    '| Measure | Value | Target | Met |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.measure} | ${row.value} | ${row.target} | ${row.ok === undefined ? '' : row.ok ? 'yes' : '**no**'} |`),
  ];
}

/** Runs a bench's main function; a failure is reported on stderr and sets a failing exit code. */
export function runBench(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${name} bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
