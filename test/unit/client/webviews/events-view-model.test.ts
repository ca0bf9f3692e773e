import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CollaborationEvent } from '../../../../common/api';
import { changeEventsQuery, DEFAULT_EVENTS_QUERY } from '../../../../common/webview/events-view';
import type { EventsQuery } from '../../../../common/webview/events-view';
import {
  buildEventsView, companyChoices, companyNames, eventRows, eventsFilter, eventsQueryString, eventTypeChoices, eventTypeLabel, formatEventTime, hasNextPage,
  SWAGGER_EVENT_TYPES,
} from '../../../../client/src/webviews/events-view-model';

const EVENTS: CollaborationEvent[] = [
  {
    type: 'TYPE_INSIGHT_DATASET_ADDED',
    message: 'Dataset shop was added',
    event_date_time: '2024-05-01T10:00:00Z',
    company_id: 'CMP.retail',
    entities: [{ type: 'ENTITY_DATASET', name: 'shop', id: 'DS.1' }, { type: 'ENTITY_COMPANY', id: 'CMP.retail' }],
  },
  { type: 'TYPE_COLLABORATION_CREATED', company_id: 'CMP.unknown', event_date_time: '2024-04-30T09:15:07.123+02:00' },
  {},
];

describe('events query string', () => {
  it('asks for a page, its size and newest first by default, without a filter', () => {
    assert.deepEqual(eventsQueryString(DEFAULT_EVENTS_QUERY), { 'pagination.page': '1', 'pagination.per_page': '100', order_by: 'event_date_time DESC' });
  });

  it("writes the filters in the emulator's syntax: <field> eq <value> joined by and", () => {
    assert.equal(eventsFilter({}), undefined);
    assert.equal(eventsFilter({ eventType: 'TYPE_DATASET_ADDED' }), 'event_type eq TYPE_DATASET_ADDED');
    assert.equal(eventsFilter({ companyId: 'CMP.pubco' }), 'company_id eq CMP.pubco');
    const query: EventsQuery = { page: 3, perPage: 25, order: 'asc', eventType: 'TYPE_SEGMENT_CREATED', companyId: 'CMP.pubco' };
    assert.deepEqual(eventsQueryString(query), {
      'pagination.page': '3',
      'pagination.per_page': '25',
      order_by: 'event_date_time ASC',
      filter: 'event_type eq TYPE_SEGMENT_CREATED and company_id eq CMP.pubco',
    });
  });
});

describe('paging state', () => {
  it('Next and Previous move one page; Previous stops at page 1', () => {
    const second = changeEventsQuery(DEFAULT_EVENTS_QUERY, { kind: 'next' });
    assert.equal(second.page, 2);
    assert.equal(changeEventsQuery(second, { kind: 'previous' }).page, 1);
    assert.equal(changeEventsQuery(DEFAULT_EVENTS_QUERY, { kind: 'previous' }).page, 1);
  });

  it('a filter, page size or order change starts again at page 1', () => {
    const third: EventsQuery = { ...DEFAULT_EVENTS_QUERY, page: 3 };
    assert.deepEqual(changeEventsQuery(third, { kind: 'eventType', value: 'TYPE_DATASET_ADDED' }), { ...DEFAULT_EVENTS_QUERY, eventType: 'TYPE_DATASET_ADDED' });
    assert.deepEqual(changeEventsQuery(third, { kind: 'companyId', value: 'CMP.x' }), { ...DEFAULT_EVENTS_QUERY, companyId: 'CMP.x' });
    assert.deepEqual(changeEventsQuery(third, { kind: 'perPage', value: 50 }), { ...DEFAULT_EVENTS_QUERY, perPage: 50 });
    assert.deepEqual(changeEventsQuery(third, { kind: 'toggleOrder' }), { ...DEFAULT_EVENTS_QUERY, order: 'asc' });
    assert.equal(changeEventsQuery(changeEventsQuery(third, { kind: 'toggleOrder' }), { kind: 'toggleOrder' }).order, 'desc');
  });

  it('an empty filter value removes the filter; a page size stays within 1…500', () => {
    const filtered: EventsQuery = { ...DEFAULT_EVENTS_QUERY, eventType: 'TYPE_DATASET_ADDED', companyId: 'CMP.x' };
    const cleared = changeEventsQuery(filtered, { kind: 'eventType', value: '' });
    assert.ok(!('eventType' in cleared));
    assert.equal(cleared.companyId, 'CMP.x');
    assert.equal(changeEventsQuery(DEFAULT_EVENTS_QUERY, { kind: 'perPage', value: 9000 }).perPage, 500);
    assert.equal(changeEventsQuery(DEFAULT_EVENTS_QUERY, { kind: 'perPage', value: 0 }).perPage, 1);
  });

  it("more pages exist only when the answer's next_page is past the page read", () => {
    assert.equal(hasNextPage({ next_page: 2, results: 100, total_results: 250 }, 1), true);
    assert.equal(hasNextPage({ results: 50, total_results: 250 }, 3), false);
    assert.equal(hasNextPage({ next_page: 0 }, 1), false);
    assert.equal(hasNextPage({ next_page: 2 }, 2), false, 'a next_page that does not move forward ends the paging');
    assert.equal(hasNextPage(undefined, 1), false);
  });
});

describe('events → rows', () => {
  const names = companyNames([{ id: 'CMP.retail', display_name: 'RetailCo' }, { id: 'CMP.nameless' }], { id: 'CMP.owner', display_name: 'OwnerCo' });

  it('names member companies, keeps an unknown id, and leaves missing fields empty', () => {
    const rows = eventRows(EVENTS, names);
    assert.deepEqual(rows[0], {
      time: '2024-05-01 10:00:00 UTC',
      type: 'TYPE_INSIGHT_DATASET_ADDED',
      company: 'RetailCo',
      companyId: 'CMP.retail',
      message: 'Dataset shop was added',
      entities: ['dataset shop (DS.1)', 'company CMP.retail'],
    });
    assert.equal(rows[1]?.company, 'CMP.unknown');
    assert.equal(rows[1]?.time, '2024-04-30 09:15:07 +02:00');
    assert.deepEqual(rows[2], { time: '', type: '', company: '', companyId: '', message: '', entities: [] });
  });

  it('keeps text that is not a timestamp as it is', () => {
    assert.equal(formatEventTime('yesterday'), 'yesterday');
    assert.equal(formatEventTime('2024-05-01T10:00:00'), '2024-05-01 10:00:00');
  });
});

describe('filter choices', () => {
  it("offers the types seen and the swagger's enum, once each, by label", () => {
    const choices = eventTypeChoices(['TYPE_FROM_THE_FUTURE', 'TYPE_DATASET_ADDED', '']);
    const values = choices.map((choice) => choice.value);
    assert.equal(new Set(values).size, values.length);
    assert.ok(values.includes('TYPE_FROM_THE_FUTURE'), 'a type the swagger does not list');
    for (const type of SWAGGER_EVENT_TYPES) assert.ok(values.includes(type), type);
    assert.ok(!values.includes('TYPE_INVALID'));
    const labels = choices.map((choice) => choice.label);
    assert.deepEqual(labels, [...labels].sort((a, b) => a.localeCompare(b)));
    assert.equal(eventTypeLabel('TYPE_INSIGHT_DATASET_ADDED'), 'Insight dataset added');
  });

  it('offers every member by display name, the id when it has none', () => {
    const names = companyNames([{ id: 'CMP.b', display_name: 'Beta' }, { id: 'CMP.c' }], { id: 'CMP.a', display_name: 'Alpha' });
    assert.deepEqual(companyChoices(names, ['CMP.a', 'CMP.b', 'CMP.c']), [
      { value: 'CMP.a', label: 'Alpha' },
      { value: 'CMP.b', label: 'Beta' },
      { value: 'CMP.c', label: 'CMP.c' },
    ]);
  });
});

describe('buildEventsView', () => {
  it('carries the page, its query, the choices and the error', () => {
    const names = companyNames([{ id: 'CMP.retail', display_name: 'RetailCo' }]);
    const rows = eventRows(EVENTS.slice(0, 1), names);
    const view = buildEventsView(
      { collaboration: { id: 'CLB.demo', name: 'Demo' }, query: DEFAULT_EVENTS_QUERY, rows, hasMore: true, totalResults: 120, seenTypes: new Set(['TYPE_X']), names, memberIds: ['CMP.retail'], loading: false, error: 'boom' },
      'CLB.demo#1',
    );
    assert.equal(view.id, 'CLB.demo#1');
    assert.deepEqual(view.rows, rows);
    assert.equal(view.hasMore, true);
    assert.equal(view.totalResults, 120);
    assert.equal(view.error, 'boom');
    assert.ok(view.eventTypes.some((choice) => choice.value === 'TYPE_X'));
    assert.deepEqual(view.companies, [{ value: 'CMP.retail', label: 'RetailCo' }]);
  });
});
