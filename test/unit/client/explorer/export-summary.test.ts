import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeEndedExport, summarizeExport } from '../../../../client/src/explorer/export-summary';

describe('summarizeExport', () => {
  test('status, destination name, rows and times', () => {
    const summary = summarizeExport(
      {
        export_id: 'EXP.1',
        destination_id: 'DST.retail-sftp',
        status: 'EXPORT_STATUS_SUCCESSFUL',
        row_count: '12345',
        rejected_rows: '0',
        started_at_date_time: '2025-01-01T00:00:00Z',
        completed_at_date_time: '2025-01-01T00:01:00Z',
      },
      new Map([['DST.retail-sftp', 'RetailCo SFTP drop']]),
    );
    assert.deepEqual(summary, {
      label: 'successful · RetailCo SFTP drop',
      description: '12,345 rows · 0 rejected · export EXP.1',
      detail: 'started 2025-01-01T00:00:00Z · completed 2025-01-01T00:01:00Z',
    });
  });

  test('a failed export shows the service error and rejected rows; unknown destinations show their id', () => {
    const summary = summarizeExport(
      { export_id: 'EXP.2', destination_id: 'DST.x', status: 'EXPORT_STATUS_FAILED', rejected_rows: '7', export_error: { error: { message: 'bucket\nmissing' } } },
      new Map(),
    );
    assert.equal(summary.label, 'failed · DST.x');
    assert.equal(summary.description, '7 rejected · export EXP.2');
    assert.equal(summary.detail, 'error: bucket missing');
  });

  test('a running export shows no counts yet, not "0 rows"', () => {
    const summary = summarizeExport({ export_id: 'EXP.3', destination_id: 'DST.x', status: 'EXPORT_STATUS_RUNNING', row_count: '0', rejected_rows: '0' }, new Map());
    assert.deepEqual([summary.label, summary.description], ['running · DST.x', 'export EXP.3']);
  });
});

describe('describeEndedExport', () => {
  test('says the rows sent and rejected, or the status and the service\'s error', () => {
    assert.equal(
      describeEndedExport({ export_id: 'E', status: 'EXPORT_STATUS_SUCCESSFUL', row_count: '157', rejected_rows: '0' }, 'export E'),
      'The export E succeeded: 157 rows sent, 0 rejected.',
    );
    assert.equal(
      describeEndedExport({ export_id: 'E', status: 'EXPORT_STATUS_FAILED', export_error: { error: { message: 'no bucket' } } }, 'export E'),
      'The export E ended failed: no bucket (0 rows sent, 0 rejected).',
    );
  });
});
