/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process (so that one benchmark's
 * heap does not skew another's memory figures), collects the Markdown section each prints,
 * and writes them to bench/RESULTS.md with the machine they were measured on. With a prefix
 * (`npm run bench -- peer`) only the sections of the files it names are replaced in
 * RESULTS.md (added, in heading order, when new); the others keep their figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { replaceSections } from './results-sections';

const benchDir = __dirname;
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((o) => name.startsWith(o)))
  .sort();

const sections: string[] = [];
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(benchDir, file)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`bench: ${file} failed with exit code ${result.status}\n`);
    process.exit(1);
  }
  sections.push(result.stdout.trim());
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const report = `# Benchmark results

Measured with \`npm run bench\` (all sections) or \`npm run bench -- <prefix>\` (one file), on
${machine}. Each section comes from \`bench/<name>.bench.ts\`, run in a process of its own.
Figures are rewritten by every run; compare them with the previous commit before landing a change.

${sections.join('\n\n')}
`;
const resultsFile = join(benchDir, 'RESULTS.md');
if (only.length === 0) {
  writeFileSync(resultsFile, report);
  process.stderr.write('bench: wrote bench/RESULTS.md\n');
} else {
  writeFileSync(resultsFile, replaceSections(readFileSync(resultsFile, 'utf8'), sections));
  process.stdout.write(`${sections.join('\n\n')}\n`);
  process.stderr.write(`bench: replaced ${sections.length} section(s) of bench/RESULTS.md\n`);
}
