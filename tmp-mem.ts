import { lexIql } from './server/src/parser/lexer';
import { runFileRule } from './server/src/parser/parser';
import { parseIql } from './server/src/parser/index';
const shapes = [
    (i: number) => `SELECT COUNT() FROM Retail${i % 7} INTERSECT Publisher1 WHERE Age >= ${i % 90} AND Region = 'North';\n`,
    (i: number) => `SELECT AGGREGATE(Age {18, 25, 35, 50}, Gender {'Female', 'Male'}) FROM (Retail UNION Bank) EXCLUDE P${i % 5} WHERE "Personal Income" > ${i};\n`,
    (i: number) => `SELECT TOPN(Publisher1."Favourite Section", ${1 + (i % 20)}) FROM Publisher1 INTERSECT Retail ENRICH WITH Bank LINK WITH IdGraph;\n`,
    (i: number) => `SELECT SUM(Retail.Spend), AVG(Retail.Spend) FROM Retail WHERE Region IN ('North', 'South') AND NOT Age < ${i % 40};\n`,
    (i: number) => `SELECT self.ID, self.EmailHash FROM self INTERSECT them WHERE them.Interest IN ('Cycling', 'Running') -- export ${i}\n`,
];
let file = '';
for (let i = 0; i < 5000; i++) { let q = shapes[i % 5](i); const pad = 209 - q.length; if (pad > 4) q = `/* ${'x'.repeat(pad - 6)} */` + q; file += q; }
const gc = (globalThis as unknown as { gc: () => void }).gc;
const mb = () => { gc(); return (process.memoryUsage().heapUsed / 1e6).toFixed(1); };
console.log('base', mb());
const lx = lexIql(file); console.log('lexed', mb());
const run = runFileRule(lx.tokens); console.log('cst', mb());
const r = parseIql(file); console.log('ast+', mb());
void run; void r;
