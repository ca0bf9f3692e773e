import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { StatusParams } from '../../../../common/protocol';
import { createCatalog } from '../../../../language/src';
import { NO_PROFILES, type ProfileSet, type ServiceTarget } from '../../../../service/src';
import { DiagnosticsScheduler } from '../../../../server/src/workspace/diagnostics-scheduler';
import { ParsedDocuments } from '../../../../server/src/workspace/parsed-documents';
import { defaultTarget, environmentProfiles, ScriptedHub, settle, smallCatalog, TextStore, waitFor } from '../server-fixture';

const URI = 'file:///ws/diagnostics.iql';
const PAUSE_MS = 500;
const CLEAN = 'SELECT COUNT() FROM Retail';
const REFUSED = { accepted: false, error: { kind: 'invalid', message: 'The service did not accept this query.', serviceMessage: 'SUM is selected twice' } } as const;

interface Published {
  readonly uri: string;
  readonly version: number;
  readonly diagnostics: Diagnostic[];
}

interface Harness {
  readonly hub: ScriptedHub;
  readonly target: ServiceTarget;
  readonly texts: TextStore;
  readonly scheduler: DiagnosticsScheduler;
  readonly published: Published[];
  readonly statuses: StatusParams[];
  profiles: ProfileSet;
  open(text: string, uri?: string): void;
  edit(text: string, uri?: string): void;
  tick(ms: number): void;
  codes(uri?: string): string[];
}

/**
 * A scheduler on a ScriptedHub with Node's fake setTimeout: `tick` stands for the pause
 * without typing, and each validation waits for the test to answer it.
 */
function harness(t: TestContext, options: { catalog?: boolean } = {}): Harness {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const hub = new ScriptedHub();
  const texts = new TextStore();
  const published: Published[] = [];
  const statuses: StatusParams[] = [];
  const profiles = environmentProfiles('http://127.0.0.1:1', 'key-1');
  const target = defaultTarget(profiles);
  if (options.catalog !== false) hub.withCatalog(target);
  const h: Harness = {
    hub,
    target,
    texts,
    published,
    statuses,
    profiles,
    scheduler: new DiagnosticsScheduler({
      parsed: new ParsedDocuments(),
      hub,
      profiles: () => h.profiles,
      getDocument: (uri) => texts.get(uri),
      allDocuments: () => texts.all(),
      publish: (uri, version, diagnostics) => void published.push({ uri, version, diagnostics }),
      status: (params) => void statuses.push(params),
      debounceMs: PAUSE_MS,
    }),
    open: (text, uri = URI) => h.scheduler.onChange(texts.open(uri, text)),
    edit: (text, uri = URI) => h.scheduler.onChange(texts.change(uri, text)),
    tick: (ms) => t.mock.timers.tick(ms),
    codes: (uri = URI) => published.filter((p) => p.uri === uri).at(-1)?.diagnostics.map((d) => String(d.code)) ?? [],
  };
  t.after(() => h.scheduler.dispose());
  return h;
}

describe('DiagnosticsScheduler', () => {
  it('publishes syntax problems at once, for the version edited, before asking the service', (t) => {
    const h = harness(t);
    h.open('SELECT FROM Retail');
    assert.deepEqual(h.published.map((p) => p.version), [1]);
    assert.deepEqual(h.codes(), ['iql.empty-select']);
    assert.equal(h.published[0]!.diagnostics[0]!.source, 'iql');
    assert.equal(h.hub.asked.length, 0);
    assert.equal(h.statuses.at(-1)?.state, 'ready');
  });

  it('sends a document\'s status when it changes, not again on every keystroke', (t) => {
    const h = harness(t);
    h.open('SELECT COUNT() FROM R');
    h.edit('SELECT COUNT() FROM Re');
    h.edit('SELECT COUNT() FROM Ret');
    assert.deepEqual(h.published.map((p) => p.version), [1, 2, 3], 'each keystroke still publishes its diagnostics');
    assert.deepEqual(h.statuses.map((s) => s.state), ['ready']);
    h.profiles = NO_PROFILES;
    h.edit('SELECT COUNT() FROM Reta');
    assert.deepEqual(h.statuses.map((s) => s.state), ['ready', 'offline']);
    h.scheduler.onClose(URI);
    h.edit('SELECT COUNT() FROM R');
    assert.deepEqual(h.statuses.map((s) => s.state), ['ready', 'offline', 'offline'], 'a document opened again gets its status');
  });

  it('asks the service only after the pause without typing', (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS - 1);
    assert.equal(h.hub.asked.length, 0, 'validated before the pause was over');
    h.tick(1);
    assert.deepEqual(h.hub.asked.map((a) => [a.query, a.kind]), [[CLEAN, 'insight']]);
  });

  it('validates once per pause, only the text typed last', (t) => {
    const h = harness(t);
    h.open('SELECT COUNT() FROM R');
    h.tick(PAUSE_MS - 100);
    h.edit('SELECT COUNT() FROM Ret');
    h.tick(PAUSE_MS - 100);
    h.edit(CLEAN);
    h.tick(PAUSE_MS);
    assert.deepEqual(h.hub.asked.map((a) => a.query), [CLEAN]);
  });

  it("publishes the service's refusal verbatim as iql.service, for the version it was asked about", async (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS);
    h.hub.asked[0]!.answer({ ok: true, value: REFUSED });
    await waitFor(() => h.published.length === 2, 'the verdict publication');
    const last = h.published[1]!;
    assert.equal(last.version, 1);
    const service = last.diagnostics.find((d) => d.code === 'iql.service');
    assert.equal(service?.message, 'SUM is selected twice');
    assert.equal(service?.severity, DiagnosticSeverity.Error);
  });

  it('publishes no service diagnostic for a query the service accepts', async (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS);
    h.hub.asked[0]!.answer({ ok: true, value: { accepted: true } });
    await waitFor(() => h.published.length === 2, 'the verdict publication');
    assert.deepEqual(h.codes(), []);
  });

  it('aborts the validation in flight on an edit, and never shows its late verdict', async (t) => {
    const h = harness(t);
    h.open('SELECT COUNT() FROM Bank');
    h.tick(PAUSE_MS);
    const stale = h.hub.asked[0]!;
    h.edit(CLEAN);
    assert.equal(stale.signal.aborted, true, 'the edit did not abort the call in flight');

    // The hub answers anyway (as a service that ignores the abort would): the verdict is for version 1.
    stale.answer({ ok: true, value: REFUSED });
    await settle();
    h.tick(PAUSE_MS);
    assert.deepEqual(h.hub.asked.map((a) => a.query), ['SELECT COUNT() FROM Bank', CLEAN]);
    h.hub.asked[1]!.answer({ ok: true, value: { accepted: true } });
    await waitFor(() => h.published.filter((p) => p.version === 2).length === 2, 'the publication of version 2 with its verdict');
    assert.ok(
      h.published.every((p) => p.diagnostics.every((d) => d.code !== 'iql.service')),
      'a verdict on an older version was published',
    );
    assert.ok(h.statuses.every((s) => s.state === 'ready'), 'the abort became a status');
  });

  it('turns service trouble into a status, never into diagnostics', async (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS);
    h.hub.asked[0]!.answer({ ok: false, error: { kind: 'unauthorized', message: 'The API key was refused.' } });
    await waitFor(() => h.statuses.some((s) => s.state === 'unauthorized'), 'the unauthorized status');
    assert.match(h.statuses.at(-1)!.message, /^Profile 'environment': The API key was refused\./);
    assert.deepEqual(h.statuses.at(-1)!.target, { profile: 'environment' });
    assert.equal(h.published.length, 1, 'trouble must not republish diagnostics');

    h.edit('SELECT COUNT() FROM Bank');
    h.tick(PAUSE_MS);
    h.hub.asked[1]!.answer({ ok: false, error: { kind: 'network', message: 'Could not connect.' } });
    await waitFor(() => h.statuses.some((s) => s.state === 'unreachable'), 'the unreachable status');
    assert.deepEqual(h.published.map((p) => p.diagnostics.length), [0, 0]);
  });

  it('says nothing about a validation that was cancelled', async (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS);
    const statusesBefore = h.statuses.length;
    h.hub.asked[0]!.answer({ ok: false, error: { kind: 'cancelled', message: 'cancelled' } });
    await settle();
    assert.equal(h.statuses.length, statusesBefore);
    assert.equal(h.published.length, 1);
  });

  it('skips queries with local errors after a pause, but validates them at once on save', (t) => {
    const h = harness(t);
    h.open('SELECT COUNT( FROM Retail');
    h.tick(PAUSE_MS);
    assert.equal(h.hub.asked.length, 0, 'a query with a syntax error was sent after a pause');
    h.scheduler.onSave(h.texts.get(URI)!);
    assert.deepEqual(h.hub.asked.map((a) => a.query), ['SELECT COUNT( FROM Retail']);
  });

  it('on save validates without waiting, and the pending pause does not validate again', (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.scheduler.onSave(h.texts.get(URI)!);
    assert.equal(h.hub.asked.length, 1);
    h.tick(PAUSE_MS * 2);
    assert.equal(h.hub.asked.length, 1);
  });

  it('keeps a verdict for its version: saving again does not ask again', async (t) => {
    const h = harness(t);
    h.open(CLEAN);
    h.tick(PAUSE_MS);
    h.hub.asked[0]!.answer({ ok: true, value: REFUSED });
    await waitFor(() => h.published.length === 2, 'the verdict publication');
    h.scheduler.onSave(h.texts.get(URI)!);
    await waitFor(() => h.published.length === 3, 'the publication after save');
    assert.equal(h.hub.asked.length, 1);
    assert.ok(h.codes().includes('iql.service'));
  });

  it('downgrades local syntax errors to Information when the service accepts the query', async (t) => {
    const h = harness(t);
    h.open('SELECT COUNT( FROM Retail');
    assert.equal(h.published[0]!.diagnostics[0]!.severity, DiagnosticSeverity.Error);
    h.scheduler.onSave(h.texts.get(URI)!);
    h.hub.asked[0]!.answer({ ok: true, value: { accepted: true } });
    await waitFor(() => h.published.length === 2, 'the verdict publication');
    const [syntax] = h.published[1]!.diagnostics;
    assert.equal(syntax?.code, 'iql.unclosed-paren');
    assert.equal(syntax?.severity, DiagnosticSeverity.Information);
  });

  it('loads a missing catalog once per target and republishes every document that uses it', async (t) => {
    const h = harness(t, { catalog: false });
    h.open('SELECT COUNT() FROM Retial', 'file:///ws/a.iql');
    h.open('SELECT COUNT() FROM Bank INTERSECT Retail', 'file:///ws/b.iql');
    // The load starts on the next turn, after the diagnostics just published are written.
    assert.equal(h.hub.catalogLoads.length, 0);
    await waitFor(() => h.hub.catalogLoads.length > 0, 'the load started');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(h.hub.catalogLoads.length, 1, 'two documents of one target started two loads');
    assert.deepEqual(h.statuses.map((s) => s.state), ['connecting', 'connecting']);
    assert.deepEqual(h.codes('file:///ws/a.iql'), [], 'catalog checks ran without a catalog');

    h.hub.catalogLoads[0]!.answer({ ok: true, value: smallCatalog() });
    await waitFor(() => h.published.length === 4, 'both documents republished');
    assert.deepEqual(h.codes('file:///ws/a.iql'), ['iql.unknown-dataset']);
    assert.deepEqual(h.codes('file:///ws/b.iql'), []);
    assert.deepEqual(h.statuses.slice(2).map((s) => [s.uri, s.state]), [
      ['file:///ws/a.iql', 'ready'],
      ['file:///ws/b.iql', 'ready'],
    ]);
  });

  it('reports a catalog that cannot be loaded as a status of each document, without diagnostics', async (t) => {
    const h = harness(t, { catalog: false });
    h.open(CLEAN, 'file:///ws/a.iql');
    h.open(CLEAN, 'file:///ws/b.iql');
    await waitFor(() => h.hub.catalogLoads.length > 0, 'the load started');
    h.hub.catalogLoads[0]!.answer({ ok: false, error: { kind: 'unauthorized', message: 'The API key was refused.' } });
    await waitFor(() => h.statuses.filter((s) => s.state === 'unauthorized').length === 2, 'a status per document');
    assert.equal(h.published.length, 2);
  });

  it('never blames the query for an empty catalog: names stay unchecked and the status says what the service answered', (t) => {
    const h = harness(t, { catalog: false });
    h.hub.withCatalog(h.target, createCatalog([]));
    h.open('SELECT COUNT() FROM Retail');
    assert.deepEqual(h.codes(), []);
    const status = h.statuses.at(-1);
    assert.equal(status?.state, 'error');
    assert.match(status?.message ?? '', /listed no datasets for this key .*List Datasets, GET \/api\/v1\/datasets/);
  });

  it('works offline without a profile: an offline status, no catalog, no validation', (t) => {
    const h = harness(t);
    h.profiles = NO_PROFILES;
    h.open(CLEAN);
    h.scheduler.onSave(h.texts.get(URI)!);
    h.tick(PAUSE_MS);
    assert.equal(h.statuses.at(-1)?.state, 'offline');
    assert.match(h.statuses.at(-1)!.message, /^Working offline/);
    assert.equal(h.hub.asked.length, 0);
    assert.equal(h.hub.catalogLoads.length, 0);
    assert.deepEqual(h.codes(), []);
  });

  it('on close cancels the pending pause and aborts the validation in flight', (t) => {
    const h = harness(t);
    h.open(CLEAN, 'file:///ws/a.iql');
    h.open(CLEAN, 'file:///ws/b.iql');
    h.tick(PAUSE_MS - 1);
    h.scheduler.onClose('file:///ws/b.iql');
    h.tick(1);
    assert.deepEqual(h.hub.asked.map((a) => a.signal.aborted), [false], 'the closed document was validated');
    h.scheduler.onClose('file:///ws/a.iql');
    assert.equal(h.hub.asked[0]!.signal.aborted, true);
  });

  it('recomputes every open document on refreshAll, with the profiles as they are now', (t) => {
    const h = harness(t);
    h.profiles = NO_PROFILES;
    h.open(CLEAN, 'file:///ws/a.iql');
    h.open(CLEAN, 'file:///ws/b.iql');
    assert.ok(h.statuses.every((s) => s.state === 'offline'));
    h.profiles = environmentProfiles('http://127.0.0.1:1', 'key-1');
    h.scheduler.refreshAll();
    assert.deepEqual(h.statuses.slice(2).map((s) => [s.uri, s.state]), [
      ['file:///ws/a.iql', 'ready'],
      ['file:///ws/b.iql', 'ready'],
    ]);
    h.tick(PAUSE_MS);
    assert.equal(h.hub.asked.length, 2);
  });
});
