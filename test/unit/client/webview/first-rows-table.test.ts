import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { drawFirstRows, FIRST_ROWS } from '../../../../client/webview/results/first-rows-table';
import { firstRowsText, NO_BIN_TEXT, resultCellText } from '../../../../common/webview/result-cells';
import type { ResultColumn, ResultRowView } from '../../../../common/webview/results-view';
import { LEFT_OUT_TEXT } from '../../../../common/webview/shown-rows';

/** An element that keeps its text and children, and refuses markup: `innerHTML` throws. */
class TextOnlyElement {
  readonly children: TextOnlyElement[] = [];
  readonly attributes = new Map<string, string>();
  className = '';
  textContent = '';
  constructor(readonly tagName: string) {}
  set innerHTML(_markup: string) {
    throw new Error('markup written into the plain table');
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  appendChild(child: TextOnlyElement): TextOnlyElement {
    this.children.push(child);
    return child;
  }
  all(tag: string): TextOnlyElement[] {
    return this.children.flatMap((child) => [...(child.tagName === tag ? [child] : []), ...child.all(tag)]);
  }
  text(): string {
    return this.textContent + this.children.map((child) => child.text()).join('');
  }
}

const columns: ResultColumn[] = [
  { title: 'Retail.Region', kind: 'dimension', description: 'Region of the shopper' },
  { title: 'COUNT', kind: 'count' },
  { title: 'AVG(Spend)', kind: 'measure' },
];
const hostile = '<img src=x onerror=alert(1)>';

function rowsOf(count: number): ResultRowView[] {
  return Array.from({ length: count }, (_, index) => ({ cells: [`Region ${index}`, String(1_000_000 + index), '73995.18000000001'] }));
}

describe('the plain first rows of the results table', () => {
  afterEach(() => delete (globalThis as { document?: unknown }).document);
  const withTextOnlyDocument = (): void => {
    Object.assign(globalThis, { document: { createElement: (tag: string) => new TextOnlyElement(tag) } });
  };

  it('writes numbers as the grid does, in the editor locale, the exact value on hover', () => {
    const [row] = firstRowsText(columns, rowsOf(1), 'de', FIRST_ROWS).rows;
    assert.deepEqual(
      row?.cells.map((cell) => cell.text),
      ['Region 0', '1.000.000', '73.995,18'],
    );
    assert.equal(row?.cells[1]?.title, '1000000');
    assert.equal(row?.cells[2]?.title, '73995.18000000001');
  });

  it('says in words why a cell is empty: a bin left out, or no deeper bin', () => {
    const leftOut = resultCellText(null, columns[1]!, 'missing', 'en');
    assert.equal(leftOut.text, LEFT_OUT_TEXT);
    assert.equal(leftOut.className, 'left-out');
    assert.equal(resultCellText(null, columns[0]!, 'partial', 'en').text, NO_BIN_TEXT);
    assert.equal(resultCellText(null, columns[0]!, 'partial', 'en').className, 'no-bin');
  });

  it('draws only the first rows, in the view order, and says how many there are in all', () => {
    withTextOnlyDocument();
    const box = drawFirstRows(columns, rowsOf(FIRST_ROWS + 30), 'en') as unknown as TextOnlyElement;
    const bodyRows = box.all('tbody')[0]?.all('tr') ?? [];
    assert.equal(bodyRows.length, FIRST_ROWS);
    assert.equal(bodyRows[0]?.text(), 'Region 01,000,00073,995.18');
    assert.equal(bodyRows[FIRST_ROWS - 1]?.all('td')[0]?.text(), `Region ${FIRST_ROWS - 1}`);
    assert.match(box.all('caption')[0]?.text() ?? '', new RegExp(`first ${FIRST_ROWS} of ${FIRST_ROWS + 30} rows`));
    assert.ok(box.className.includes('scrolls'), 'more rows than a screen scroll in a box the grid’s size');
    assert.equal(box.attributes.get('aria-busy'), 'true');
    const headers = box.all('th');
    assert.deepEqual(
      headers.map((header) => [header.text(), header.attributes.get('scope')]),
      columns.map((column) => [column.title, 'col']),
    );
    assert.equal(headers[0]?.attributes.get('title'), 'Retail.Region\nRegion of the shopper');
  });

  it('places service text as text: a bin or title that looks like markup stays characters', () => {
    withTextOnlyDocument();
    const box = drawFirstRows([{ title: hostile, kind: 'dimension' }, columns[1]!], [{ cells: [hostile, '5'], mark: 'partial' }], 'en') as unknown as TextOnlyElement;
    assert.equal(box.all('th')[0]?.text(), hostile);
    assert.equal(box.all('td')[0]?.text(), hostile);
    assert.equal(box.all('tr').filter((row) => row.className === 'row-partial').length, 1, 'a partial row is marked as in the grid');
    assert.ok(!box.className.includes('scrolls'), 'a short table does not scroll');
  });
});
