/**
 * followSegmentExport against the demo emulator over real HTTP: an export Ana starts is read
 * until it ends, and ends with its rows and rejected rows; the list shows the same.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isFinalExportStatus } from '../../../common/api/export-status';
import { followSegmentExport } from '../../../service/src';
import type { ProgressEvent } from '../../../service/src';
import { expectOk, startDemoEmulator, type DemoEmulator } from './demo-emulator';

const DEMO1 = { collaborationId: 'CLB.demo', segmentId: 'ATS.demo1' };
const fastPoll = { initialDelayMs: 1, maxDelayMs: 4, factor: 2, timeoutMs: 10_000 };

describe('followSegmentExport', () => {
  let demo: DemoEmulator;
  before(async () => {
    // One read of "still running" before the end, so the following is seen.
    demo = await startDemoEmulator({ pollsBeforeDone: 1 });
  });
  after(() => demo.close());

  it('reads an export until it succeeded, with its row and rejected counts', async () => {
    const ana = demo.createClient('demo-key-ana');
    const started = expectOk(await ana.call('exportActivationSegment', {
      params: { collaboration_id: DEMO1.collaborationId, activation_segment_id: DEMO1.segmentId },
      body: { destination_id: 'DST.retail-sftp', push_config: { path: '/follow' } },
    }));
    const listedAtStart = expectOk(await ana.call('listActivationSegmentExports', { params: { collaboration_id: DEMO1.collaborationId, activation_segment_id: DEMO1.segmentId } }));
    assert.equal(listedAtStart.activation_exports.find((record) => record.export_id === started.export_id)?.status, 'EXPORT_STATUS_RUNNING');

    const events: ProgressEvent[] = [];
    const ended = expectOk(await followSegmentExport(ana, { ...DEMO1, exportId: started.export_id }, { poll: fastPoll, onProgress: (event) => events.push(event) }));
    assert.equal(ended.status, 'EXPORT_STATUS_SUCCESSFUL');
    assert.ok(Number(ended.row_count) > 0, `rows sent: ${String(ended.row_count)}`);
    assert.equal(String(ended.rejected_rows), '0');
    assert.ok(events.length >= 2, 'it polled while the export ran');
    assert.equal(events.at(-1)?.status, 'EXPORT_STATUS_SUCCESSFUL');

    const listed = expectOk(await ana.call('listActivationSegmentExports', { params: { collaboration_id: DEMO1.collaborationId, activation_segment_id: DEMO1.segmentId } }));
    const row = listed.activation_exports.find((record) => record.export_id === started.export_id);
    assert.equal(row?.status, 'EXPORT_STATUS_SUCCESSFUL', 'the list, which the tree reads, shows the end too');
    assert.equal(String(row?.row_count), String(ended.row_count));
  });

  it('knows which statuses are final', () => {
    assert.deepEqual(
      ['EXPORT_STATUS_RUNNING', 'EXPORT_STATUS_INVALID', undefined, 'EXPORT_STATUS_SUCCESSFUL', 'EXPORT_STATUS_FAILED'].map(isFinalExportStatus),
      [false, false, false, true, true],
    );
  });
});
