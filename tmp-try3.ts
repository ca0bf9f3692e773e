import { parseIql } from './server/src/parser/index';
const show = (t: string) => { const r = parseIql(t); console.log(JSON.stringify(r.ast.queries, (k, v) => (k.endsWith('pan') ? undefined : v))); console.log(r.problems.map(p => p.code + ' ' + p.message)); };
show("SELECT COUNT() FROM Retail INTERSECT");
show("SELECT COUNT() FROM (Retail UNION Bank");
show("SELECT AGGREGATE(Age, Retail.");
show("SELECT COUNT() FROM Retail WHERE Age > 3 AND");
show("SELECT COUNT() FROM Retail WHERE Age >");
show("SELECT TOPN(Retail.Job");
show("SELECT COUNT() FROM A WHERE x = ; SELECT COUNT() FROM B WHERE y = 2; SELECT SUM(z) FROM C");
