import { performance } from 'node:perf_hooks';
import { parseIql, parseFilter } from './server/src/parser/index';
const cases: [string, string][] = [
  ['1MB (', 'SELECT COUNT() FROM ' + '('.repeat(1_000_000)],
  ['1MB ( no select', '('.repeat(1_000_000)],
  ['64 deep', 'SELECT COUNT() FROM ' + '('.repeat(64) + 'A' + ')'.repeat(64)],
  ['65 deep', 'SELECT COUNT() FROM ' + '('.repeat(65) + 'A' + ')'.repeat(65) + '; SELECT COUNT() FROM B'],
  ['union chain', 'SELECT COUNT() FROM A' + ' UNION B'.repeat(100000)],
  ['and chain', 'SELECT COUNT() FROM A WHERE ' + Array.from({length: 50000}, (_, i) => `x${i} = ${i}`).join(' AND ')],
  ['junk', Array.from({length: 200000}, (_, i) => String.fromCharCode(i % 65536)).join('')],
  ['1MB )', ')'.repeat(1_000_000)],
  ['selects', 'SELECT '.repeat(100000)],
  ['where not chain', 'SELECT COUNT() FROM A WHERE ' + 'NOT '.repeat(10000) + 'x = 1'],
];
for (const [label, text] of cases) {
  const t = performance.now();
  const r = parseIql(text);
  const t2 = performance.now();
  const f = parseFilter(text);
  console.log(label, (t2 - t).toFixed(0), 'ms', (performance.now() - t2).toFixed(0), 'ms', r.ast.queries.length, r.problems.length, r.problems.slice(0, 2).map(p => p.code + ' ' + p.message.slice(0, 80)), f.problems.slice(0,1).map(p => p.code));
}
