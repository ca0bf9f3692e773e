import { performance } from 'node:perf_hooks';
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
parseIql(file); parseIql(file);
for (let r = 0; r < 5; r++) { const t = performance.now(); parseIql(file); console.log('all', (performance.now() - t).toFixed(0), (process.memoryUsage().heapUsed/1e6).toFixed(0) + 'MB'); }
