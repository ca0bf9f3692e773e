import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellText } from '../../../../emulator/src/data/dictionary-column';
import { formatFolderProblem } from '../../../../emulator/src/data/folder-problem';
import { loadDataFolder } from '../../../../emulator/src/data/load-data-folder';
import type { DataFolderResult } from '../../../../emulator/src/data/load-data-folder';
import { tinyCatalog, tinyFiles, writeTempFolder } from '../tiny-folder';

async function loadFiles(files: Map<string, string>): Promise<DataFolderResult> {
  const folder = await writeTempFolder(files);
  try {
    return await loadDataFolder(folder.dir);
  } finally {
    await folder.remove();
  }
}

async function problemsOf(files: Map<string, string>): Promise<string[]> {
  const result = await loadFiles(files);
  assert.equal(result.ok, false, 'the folder should have been refused');
  return result.ok ? [] : result.problems.map((problem) => formatFolderProblem(problem).replace(/^.*iql-emulator-test-[^/]+\//, ''));
}

describe('loadDataFolder', () => {
  it('loads every dataset column by column, empty cells as no value', async () => {
    const result = await loadFiles(tinyFiles());
    assert.ok(result.ok);
    const shop = result.data.datasets.get('Shop');
    assert.ok(shop);
    assert.equal(shop.rowCount, 5);
    const age = shop.columns.get('Age');
    assert.ok(age);
    assert.deepEqual([0, 1, 2, 3, 4].map((row) => cellText(age, row)), ['25', '35', '45', undefined, '61']);
    assert.deepEqual([...age.numbers()], [25, 35, 45, 61]);
    assert.equal(cellText(shop.columns.get('email') ?? age, 4), undefined);
    assert.deepEqual([...(shop.columns.get('Gender')?.codeCounts() ?? [])], [2, 2, 1]);
  });

  it('fills in defaults and derives a missing dataset_id deterministically', async () => {
    const first = await loadFiles(tinyFiles());
    const second = await loadFiles(tinyFiles());
    assert.ok(first.ok && second.ok);
    const shop = first.data.catalog.datasets.find((dataset) => dataset.private_id === 'Shop');
    assert.ok(shop);
    assert.match(shop.dataset_id, /^CLOUDA_EU_WEST_2\.shop[0-9a-f]{8}$/);
    assert.equal(shop.dataset_id, second.data.catalog.datasets[0]?.dataset_id);
    assert.equal(first.data.catalog.datasets[1]?.dataset_id, 'CLOUDA_EU_WEST_2.news');
    assert.equal(shop.redaction_threshold, 0);
    assert.equal(first.data.catalog.collaborations[0]?.status, 'STATUS_ACTIVE');
  });

  it('numbers the key values of datasets sharing a key together, so queries need not', async () => {
    const result = await loadFiles(tinyFiles());
    assert.ok(result.ok);
    const [shop, news] = ['Shop', 'News'].map((id) => result.data.datasets.get(id));
    const shopEmail = shop?.sharedKeys?.get('email');
    const newsEmail = news?.sharedKeys?.get('email');
    assert.ok(shopEmail && newsEmail && shop && news);
    assert.equal(shopEmail.numbering, newsEmail.numbering);
    assert.equal(shopEmail.column, shop.columns.get('email'));
    const shared = (codes: typeof shopEmail, row: number): number => {
      const code = codes.column.codes[row] ?? -1;
      return codes.remap === undefined ? code : (codes.remap[code] ?? -1);
    };
    // Shop row 1 and News row 1 both hold b@x.
    assert.equal(shared(shopEmail, 1), shared(newsEmail, 1));
  });

  it('treats a cell of only spaces as empty', async () => {
    const result = await loadFiles(tinyFiles({ 'news.csv': 'email,Interest\na@x,   \n' }));
    assert.ok(result.ok);
    assert.equal(result.data.datasets.get('News')?.columns.get('Interest')?.codes[0], -1);
  });

  it('names catalog.json when it is missing', async () => {
    const problems = await problemsOf(tinyFiles({ 'catalog.json': null }));
    assert.match(problems[0] ?? '', /catalog\.json: not found/);
  });

  it('points at the line of a JSON syntax error', async () => {
    const text = JSON.stringify(tinyCatalog(), null, 2).replace('"Shop customers"', '"Shop customers",,');
    const problems = await problemsOf(tinyFiles({ 'catalog.json': text }));
    const line = text.split('\n').findIndex((candidate) => candidate.includes(',,')) + 1;
    assert.match(problems[0] ?? '', new RegExp(`^catalog\\.json:${line}: not valid JSON`));
  });

  it('points at the line and path of a schema error', async () => {
    const catalog = tinyCatalog();
    const shop = catalog.datasets[0];
    assert.ok(shop);
    shop.private_id = 'Shop Two';
    const text = JSON.stringify(catalog, null, 2);
    const problems = await problemsOf(tinyFiles({ 'catalog.json': text }));
    const line = text.split('\n').findIndex((candidate) => candidate.includes('"Shop Two"')) + 1;
    assert.equal(problems[0], `catalog.json:${line}: datasets[0].private_id: must be 1 to 17 letters or digits (no spaces, dots or underscores)`);
  });

  it('reports broken references and duplicates', async () => {
    const catalog = tinyCatalog();
    catalog.users.push({ id: 'USR.x', display_name: 'X', company_id: 'CMP.nowhere', api_key: 'key-a' });
    const problems = await problemsOf(tinyFiles({ 'catalog.json': JSON.stringify(catalog, null, 2) }));
    assert.ok(problems.some((problem) => /users\[3\]\.api_key: duplicate api_key/.test(problem)), problems.join('\n'));
    assert.ok(problems.some((problem) => /users\[3\]\.company_id: unknown company 'CMP\.nowhere'/.test(problem)), problems.join('\n'));
  });

  it('names a missing CSV file', async () => {
    const problems = await problemsOf(tinyFiles({ 'news.csv': null }));
    assert.match(problems[0] ?? '', /^news\.csv: file not found: create it, or fix the "file" of dataset 'News'/);
  });

  it('names the columns a header lacks, on line 1', async () => {
    const problems = await problemsOf(tinyFiles({ 'shop.csv': 'email,ID,Gender\na@x,S1,Male\n' }));
    assert.match(problems[0] ?? '', /^shop\.csv:1: the header lacks 'Age'/);
  });

  it('finds the exact line of a bad number, even after a quoted multi-line cell', async () => {
    const csv = 'email,ID,Age,Gender\na@x,"S\n1",25,Female\nb@x,S2,thirty,Male\n';
    const problems = await problemsOf(tinyFiles({ 'shop.csv': csv }));
    assert.equal(problems[0], "shop.csv:4: column 'Age' must hold an integer or nothing, found 'thirty'");
  });

  it('reports a row with the wrong number of cells with its line', async () => {
    const problems = await problemsOf(tinyFiles({ 'news.csv': 'email,Interest\na@x,Cycling\nb@x,Running,extra\n' }));
    assert.match(problems[0] ?? '', /^news\.csv:3: malformed CSV: /);
  });

  it('refuses an empty CSV', async () => {
    const problems = await problemsOf(tinyFiles({ 'news.csv': '' }));
    assert.match(problems[0] ?? '', /^news\.csv:1: the file is empty/);
  });
});
