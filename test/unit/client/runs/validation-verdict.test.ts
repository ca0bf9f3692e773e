import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { describeValidation, toDocumentPosition } from '../../../../client/src/runs/validation-verdict';
import type { ServiceClient } from '../../../../service/src';
import { startDemoEmulator } from '../../service/demo-emulator';
import type { DemoEmulator } from '../../service/demo-emulator';
import { validateActivationQuery, validateQuery } from '../../../../service/src';

// The query starts on the file's line 3 (0-based 2), after four characters.
const range = { start: { line: 2, character: 4 }, end: { line: 3, character: 11 } };

describe('describeValidation against the emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient;
  before(async () => {
    demo = await startDemoEmulator();
    ana = demo.createClient('demo-key-ana');
  });
  after(async () => {
    await demo.close();
  });

  it('an accepted query is reported as accepted, with its target', async () => {
    const verdict = describeValidation(await validateQuery(ana, { query: 'SELECT COUNT() FROM Retail' }), { kind: 'insight', range }, 'emulator');
    assert.deepEqual(verdict, { kind: 'accepted', text: 'The service accepts this query (emulator).' });
  });

  it("a refusal carries the service's message verbatim, at the document's position", async () => {
    const query = 'SELECT SUM(Retail.Spend), SUM(Retail.Spend)\nFROM Retail';
    const answer = await validateQuery(ana, { query });
    assert.ok(!answer.ok && answer.error.kind === 'invalid' && answer.error.position, 'the service refuses with a position');
    const verdict = describeValidation(answer, { kind: 'insight', range }, 'emulator');
    assert.equal(verdict.kind, 'refused');
    assert.ok(verdict.text.endsWith(`: ${answer.error.serviceMessage ?? '?'}`), verdict.text);
    const expected = { line: 2, character: 4 + answer.error.position.column - 1 };
    assert.deepEqual(verdict.kind === 'refused' && verdict.position, expected);
    assert.match(verdict.text, new RegExp(`at line 3, column ${expected.character + 1}:`));
  });

  it('an activation query is validated by its own operation and named as such', async () => {
    const query = 'SELECT self.ID FROM self INTERSECT them';
    const verdict = describeValidation(await validateActivationQuery(ana, { query, collaboration_id: 'CLB.demo' }), { kind: 'activation', range }, 'emulator / CLB.demo');
    assert.deepEqual(verdict, { kind: 'accepted', text: 'The service accepts this activation query (emulator / CLB.demo).' });
  });

  it('a call that fails gives no verdict, only what to do', async () => {
    const stranger = demo.createClient('not-a-demo-key');
    const verdict = describeValidation(await validateQuery(stranger, { query: 'SELECT COUNT() FROM Retail' }), { kind: 'insight', range }, 'emulator');
    assert.equal(verdict.kind, 'failed');
    assert.doesNotMatch(verdict.text, /not-a-demo-key/, 'the key never appears');
  });
});

it('positions on later lines of the query start at column 0 of the document', () => {
  assert.deepEqual(toDocumentPosition({ line: 1, column: 1 }, { line: 5, character: 2 }), { line: 5, character: 2 });
  assert.deepEqual(toDocumentPosition({ line: 2, column: 7 }, { line: 5, character: 2 }), { line: 6, character: 6 });
});

it('a refusal without a position and a false success are still refusals', () => {
  const noPosition = describeValidation({ ok: false, error: { kind: 'invalid', message: 'bad', serviceMessage: 'bad query' } }, { kind: 'insight', range }, 't');
  assert.deepEqual(noPosition, { kind: 'refused', text: 'The service refuses this query: bad query' });
  assert.equal(describeValidation({ ok: true, value: { success: false } }, { kind: 'insight', range }, 't').kind, 'refused');
});
