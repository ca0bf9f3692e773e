import { readFileSync, readdirSync } from 'node:fs';
import { parseIql } from './server/src/parser/index';
const dir = '/work/shared/iql/examples';
for (const sub of ['valid', 'invalid']) for (const f of readdirSync(`${dir}/${sub}`)) {
  const text = readFileSync(`${dir}/${sub}/${f}`, 'utf8');
  const r = parseIql(text);
  console.log(`== ${sub}/${f}: ${r.ast.queries.length} queries`);
  for (const p of r.problems) console.log('   ', p.code, p.severity, JSON.stringify(text.slice(0, p.span.start).split('\n').length + ':' + (p.span.start - text.lastIndexOf('\n', p.span.start - 1))), `[${p.span.start},${p.span.end}]`, p.message);
}
