import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { asText, describeReportStatus, reportResultsDocument } from '../../../../client/src/reports/report-results';

describe('insight report results', () => {
  test('single and cross results become text, every value as the service sent it (int64 strings kept whole)', () => {
    const document = reportResultsDocument(
      'RPT.1',
      'Cyclists',
      'COMPLETED',
      [{ category_name: 'Gender', baseline_background: '9007199254740993', intersection_background: 1, values: [{ category_value: 'Female', baseline_foreground: 2, intersection_foreground: 1, index: 200 }, { category_value: 'Male' }] }],
      { category_name_1: 'Gender', category_name_2: 'Age', baseline_background: 4, intersection_background: 1, values: [{ category_value_1: 'Female', category_value_2: '25', baseline_foreground: 1, intersection_foreground: 1, index: 400 }] },
    );
    assert.deepEqual(document, {
      report_id: 'RPT.1',
      name: 'Cyclists',
      status: 'COMPLETED',
      singles: [
        {
          category: 'Gender',
          baseline_background: '9007199254740993',
          intersection_background: '1',
          values: [
            { value: 'Female', baseline_foreground: '2', intersection_foreground: '1', index: '200' },
            { value: 'Male', baseline_foreground: '', intersection_foreground: '', index: '' },
          ],
        },
      ],
      cross: { categories: ['Gender', 'Age'], baseline_background: '4', intersection_background: '1', values: [{ values: ['Female', '25'], baseline_foreground: '1', intersection_foreground: '1', index: '400' }] },
    });
    assert.equal('cross' in reportResultsDocument('RPT.2', '', 'COMPLETED', []), false, 'one category: no cross result');
    assert.equal(asText(0), '0');
    assert.equal(asText(null), '');
  });

  test('the status line: progress while it runs, the error when it failed, nothing more once complete', () => {
    assert.equal(describeReportStatus({ status: 'RUNNING', progress: { completion_percentage: 49.6 } }), 'RUNNING 50%');
    assert.equal(describeReportStatus({ status: 'COMPLETED', progress: { completion_percentage: 100 } }), 'COMPLETED');
    assert.equal(describeReportStatus({ status: 'FAILED', progress: { completion_percentage: 100 }, error: { error: { message: 'seed_filter:\n unknown' } } }), 'FAILED 100%: seed_filter: unknown');
    assert.equal(describeReportStatus({}), 'NO_STATUS');
  });
});
