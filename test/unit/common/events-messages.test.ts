import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHostMessage, parseWebviewMessage } from '../../../common/webview/messages';
import { DEFAULT_EVENTS_QUERY } from '../../../common/webview/events-view';
import { buildEventsView, companyNames, eventRows } from '../../../client/src/webviews/events-view-model';

describe('Events panel messages, page → host', () => {
  it('accepts a page query and the export request', () => {
    const query = { page: 2, perPage: 50, order: 'asc', eventType: 'TYPE_DATASET_ADDED', companyId: 'CMP.pubco' } as const;
    assert.deepEqual(parseWebviewMessage({ type: 'eventsQuery', query }), { type: 'eventsQuery', query });
    assert.deepEqual(parseWebviewMessage({ type: 'eventsQuery', query: DEFAULT_EVENTS_QUERY }), { type: 'eventsQuery', query: DEFAULT_EVENTS_QUERY });
    assert.deepEqual(parseWebviewMessage({ type: 'exportEvents' }), { type: 'exportEvents' });
  });

  it('refuses a page the service would refuse, and a filter value that would change the filter', () => {
    const bad = [
      { ...DEFAULT_EVENTS_QUERY, page: 0 },
      { ...DEFAULT_EVENTS_QUERY, page: 1.5 },
      { ...DEFAULT_EVENTS_QUERY, perPage: 501 },
      { ...DEFAULT_EVENTS_QUERY, perPage: 0 },
      { ...DEFAULT_EVENTS_QUERY, order: 'sideways' },
      { ...DEFAULT_EVENTS_QUERY, eventType: 'TYPE_X and company_id eq CMP.other' },
      { ...DEFAULT_EVENTS_QUERY, companyId: "CMP.x'" },
      { ...DEFAULT_EVENTS_QUERY, eventType: 'T'.repeat(201) },
      { page: 1 },
    ];
    for (const query of bad) assert.equal(parseWebviewMessage({ type: 'eventsQuery', query }), undefined, JSON.stringify(query).slice(0, 80));
    assert.equal(parseWebviewMessage({ type: 'eventsQuery' }), undefined);
  });

  it('drops fields the protocol does not know', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'exportEvents', path: '/etc/passwd' }), { type: 'exportEvents' });
    assert.deepEqual(parseWebviewMessage({ type: 'eventsQuery', query: { ...DEFAULT_EVENTS_QUERY, filter: 'x' } }), { type: 'eventsQuery', query: DEFAULT_EVENTS_QUERY });
  });
});

describe('Events panel messages, host → page', () => {
  const names = companyNames([{ id: 'CMP.retail', display_name: '<img src=x onerror=alert(1)>' }]);
  const view = buildEventsView(
    {
      collaboration: { id: 'CLB.demo', name: 'Demo' },
      query: DEFAULT_EVENTS_QUERY,
      rows: eventRows([{ type: 'TYPE_DATASET_ADDED', company_id: 'CMP.retail', message: 'added', entities: [{ type: 'ENTITY_DATASET', name: 'shop' }] }], names),
      hasMore: false,
      seenTypes: new Set(),
      names,
      memberIds: [],
      loading: false,
    },
    'CLB.demo#1',
  );

  it('accepts a view the host builds', () => {
    const parsed = parseHostMessage({ type: 'showEvents', view });
    assert.ok(parsed && parsed.type === 'showEvents');
    assert.deepEqual(parsed.view, view);
  });

  it('refuses a view of the wrong shape', () => {
    assert.equal(parseHostMessage({ type: 'showEvents', view: { ...view, rows: [{ time: 1 }] } }), undefined);
    assert.equal(parseHostMessage({ type: 'showEvents', view: { ...view, hasMore: 'yes' } }), undefined);
    assert.equal(parseHostMessage({ type: 'showEvents' }), undefined);
  });
});
