/**
 * Parser benchmark. Run: `node --import tsx bench/parser.bench.ts`
 *
 * Prints a Markdown section to stdout (and nothing else there): the median and 95th
 * percentile time to parse a realistic 2 KB query, and the time to parse a 1 MB file of
 * 5,000 queries (median of 5 runs). Targets on a 2-core machine: ≤ 1 ms median for the
 * query, ≤ 500 ms for the file.
 */
import { performance } from 'node:perf_hooks';
import { parseIql } from '../language/src';

/** A realistic insight query of about 2 KB: nested dimensions with bins, a long filter, enrich and link. */
export function buildTypicalQuery(): string {
  return `-- Quarterly breakdown of the loyal, high-income audience shared with Publisher1
/* Dimensions follow the marketing team's standard cut: age bands, gender, income bands and
   region. Bins are fixed so that the quarterly reports stay comparable. */
SELECT
  AGGREGATE(
    Retail.Age/"Five Year Bins",
    Retail.Gender {'Female', 'Male', 'Other'},
    Bank."Personal Income"/Income {0, 10000, 20000, 30000, 40000, 60000, 80000, 120000},
    Retail.Region {'North', 'South', 'East', 'West', 'Scotland', 'Wales', 'Northern Ireland'},
    Publisher1."Favourite Section"
  )
FROM (Retail UNION Bank) INTERSECT Publisher1 EXCLUDE (Insurer INTERSECT "Opted Out")
WHERE Retail."Loyalty Member"/"Loyalty Member" = 'Yes'
  AND Retail.Age >= 25
  AND Retail.Age < 75
  AND Bank."Personal Income"/Income > 20000
  AND (Retail.Region = 'Scotland' OR Retail.Region = 'Wales' OR Retail.Region IN ('North', 'East'))
  AND NOT Retail."Last Purchase" < '2024-01-01'
  AND Retail."Basket Size" >= 2.5
  AND Publisher1."Visits Last Month" > 3
  AND Publisher1.Device IN ('Mobile', 'Tablet', 'Desktop')
  AND Bank."Account Type" != 'Business'
  AND Bank."Customer Since" <= '2023-12-31'
  AND (Retail.Channel = 'Online' OR Retail.Channel = 'Store' AND Retail."Store Visits" > 1)
  AND Insurer."Policy Count" <> 0
  AND Retail."Email Consent" = 'Yes'
  AND Retail."Marketing Segment" IN ('Value', 'Premium', 'Family', 'Student', 'Retired')
  AND Bank."Credit Score Band" IN ('A', 'B', 'C')
  AND Publisher1."Subscription Tier" = 'Premium'
  AND (Insurer."Claims Last Year" = 0 OR Insurer."Policy Type" IN ('Home', 'Motor', 'Travel'))
  AND NOT Retail."Preferred Store" IN ('Closed', 'Refurbishing')
  AND Retail."Average Order Value" >= 42.5
  AND Publisher1."Newsletter Opens" >= 4
  AND Bank."Mortgage Holder" = 'No'
  AND Bank."Overdraft Used" = 'No'
  AND Retail."Returns Last Year" < 3
  AND Retail."Preferred Contact" IN ('Email', 'Post', 'Phone')
  AND Bank."Savings Band" IN ('Low', 'Medium', 'High')
ENRICH WITH Bank, Insurer, "Weather Data"
LINK WITH IdGraph, "Postcode Bridge";
`;
}

/** A file of 5,000 varied queries of about 200 characters each: 1 MB of query text. */
export function buildLargeFile(): string {
  const shapes = [
    (i: number) =>
      `SELECT COUNT() FROM Retail${i % 7} INTERSECT Publisher1 EXCLUDE "Opted Out" WHERE Age >= ${i % 90} AND Region = 'North' AND "Loyalty Member"/"Loyalty Member" = 'Yes' ENRICH WITH Bank, Insurer LINK WITH IdGraph;\n`,
    (i: number) =>
      `SELECT AGGREGATE(Age {18, 25, 35, 50, 65}, Gender {'Female', 'Male'}, Region) FROM (Retail UNION Bank) EXCLUDE P${i % 5} WHERE "Personal Income" > ${i} AND NOT Region = 'Wales' AND (Channel = 'Online' OR "Store Visits" > 2);\n`,
    (i: number) =>
      `SELECT TOPN(Publisher1."Favourite Section", ${1 + (i % 20)}) FROM Publisher1 INTERSECT Retail WHERE (Retail.Age < 40 OR Retail.Spend > ${i}.5) AND Device IN ('Mobile', 'Tablet') ENRICH WITH Bank, Insurer LINK WITH IdGraph;\n`,
    (i: number) =>
      `SELECT SUM(Retail.Spend), AVG(Retail.Spend) FROM Retail INTERSECT Bank WHERE Region IN ('North', 'South', 'East') AND NOT Age < ${i % 40} AND Bank."Account Type" != 'Business' AND Bank."Customer Since" <= '2023-12-31';\n`,
    (i: number) =>
      `-- export ${i}\nSELECT self.ID, self.EmailHash FROM self INTERSECT them WHERE them.Interest IN ('Cycling', 'Running', 'Hiking') AND them."Last Seen" >= '2025-01-01' AND self."Email Consent" = 'Yes' LINK WITH IdGraph;\n`,
  ];
  const parts: string[] = [];
  for (let i = 0; i < 5000; i++) parts.push(shapes[i % shapes.length](i));
  return parts.join('');
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index];
}

function time(action: () => void): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

function assertClean(text: string, label: string): void {
  const { problems, ast } = parseIql(text);
  if (problems.length > 0) throw new Error(`${label} has problems: ${problems[0].message}`);
  if (ast.queries.length === 0) throw new Error(`${label} parsed to no query`);
}

function main(): void {
  const query = buildTypicalQuery();
  const file = buildLargeFile();
  assertClean(query, 'the 2 KB query');
  assertClean(file, 'the 1 MB file');

  for (let i = 0; i < 500; i++) parseIql(query);
  const iterations = 3000;
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push(time(() => parseIql(query)));
  samples.sort((a, b) => a - b);

  parseIql(file);
  const fileRuns: number[] = [];
  for (let i = 0; i < 5; i++) fileRuns.push(time(() => parseIql(file)));
  fileRuns.sort((a, b) => a - b);

  const microseconds = (ms: number): string => `${(ms * 1000).toFixed(0)} µs`;
  const queryCount = parseIql(file).ast.queries.length;
  const lines = [
    '## Parser',
    '',
    `Node ${process.version}, ${iterations} iterations after 500 warm-up runs; file: median of 5 runs.`,
    '',
    '| Input | Median | p95 | Target |',
    '|---|---|---|---|',
    `| Typical query (${(query.length / 1024).toFixed(1)} KB) | ${microseconds(percentile(samples, 0.5))} | ${microseconds(percentile(samples, 0.95))} | ≤ 1 ms median |`,
    `| File of ${queryCount} queries (${(file.length / 1024 / 1024).toFixed(2)} MB) | ${percentile(fileRuns, 0.5).toFixed(0)} ms | ${fileRuns[fileRuns.length - 1].toFixed(0)} ms (max) | ≤ 500 ms |`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

// Run only as a script, so that the inputs can be imported elsewhere.
if (require.main === module) main();
