import { parseIql, parseFilter } from './server/src/parser/index';
const cases = [
  "SELECT COUNT() FROM Retail INTERSECT\nSELECT COUNT() FROM Bank",
  "SELECT COUNT( FROM Retail\nSELECT COUNT() FROM Bank",
  "SELECT COUNT() FROM Retail WHERE Age >\nSELECT COUNT() FROM Bank",
  "SELECT COUNT() FROM Retail WHERE Age > AND Gender = 'F'",
  "SELECT COUNT() FROM Retail WHERE Age > 30 Gender = 'F'",
  "SELECT COUNT() Retail",
  "SELECT COUNT() FORM Retail",
  "SELECT COUNT()) FROM Retail",
  "SELECT AGGREGATE(Count) FROM Retail",
  "SELECT AGGREGATE(Age Gender) FROM Retail",
  "SELECT AGGREGATE(Age, ) FROM Retail",
  "SELECT TOPN(Retail.Job, 0) FROM Retail",
  "SELECT TOPN(Retail.Job, -3) FROM Retail",
  "SELECT TOPN(Retail.Job, 2.5) FROM Retail",
  "SELECT TOPN(Retail.Job, 'x') FROM Retail",
  "SELECT COUNT(), AGGREGATE(Age) FROM Retail",
  "SELECT SUM(x), AVG(x), COUNT() FROM Retail",
  "SELECT Retail.ID, COUNT() FROM Retail",
  "SELECT COUNT() FROM Retail WHERE Location = \"London\"",
  "SELECT COUNT() FROM Retail WHERE Region = 'Scot",
  "SELECT COUNT() FROM \"Retail",
  "SELECT COUNT() FROM Retail /* open",
  "SELECT COUNT() FROM Retail WHERE Age # 30",
  "SELECT FROM Retail",
  "SELECT",
  "SELECT COUNT() FROM Retail WHERE Retail.",
  "SELECT COUNT() FROM Retail LINK WITH A WHERE x = 1 ENRICH WITH B",
  "SELECT COUNT() FROM Retail WHERE a = 1 WHERE b = 2",
  "garbage here; SELECT COUNT() FROM Retail",
  "SELECT COUNT() FROM Retail; garbage",
  "SELECT Age FROM Retail",
  "SELECT COUNT() FROM Retail WHERE Age IN ('a', 'b'",
  "SELECT COUNT() FROM Retail WHERE (Age > 3 OR x = 1",
  "SELECT AGGREGATE(Age {18, 30) FROM Retail",
  "SELECT COUNT() FROM Retail WHERE Count > 5",
  "SELECT COUNT() FROM Retail INTERSECT UNION Bank",
  "SELECT COUNT() FROM Retail ENRICH Bank",
  "select count() from Retail - 3",
  "SELECT COUNT() FROM Retail WHERE Age",
  "SELECT AGGREGATE(Age, Gender, {'F'}, {'M'}) FROM Retail",
  "SELECT AGGREGATE() FROM Retail",
  "SELECT AGGREGATE(Age {}) FROM Retail",
  "EXPLAIN",
  "",
];
for (const c of cases) {
  const r = parseIql(c);
  console.log(`== ${JSON.stringify(c)} → ${r.ast.queries.length}q`);
  for (const p of r.problems) console.log(`   ${p.code} [${p.span.start},${p.span.end}] ${JSON.stringify(c.slice(p.span.start, p.span.end))} ${p.message}`);
}
for (const f of ["Age > 30 AND", "Age > 30 x", "WHERE Age > 3", "", "-- c", "(Age > 3"]) {
  const r = parseFilter(f);
  console.log(`== filter ${JSON.stringify(f)} → ${r.ast.condition?.kind}`);
  for (const p of r.problems) console.log(`   ${p.code} [${p.span.start},${p.span.end}] ${p.message}`);
}
