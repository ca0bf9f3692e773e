import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replaceSections } from '../../../bench/results-sections';

const results = '# Benchmark results\n\nMeasured on a machine.\n\n## Editor\n\nold editor\n\n## Parser\n\nold parser\n';

describe('replaceSections', () => {
  it('replaces the section of the same heading and keeps the others', () => {
    const updated = replaceSections(results, ['## Parser\n\nnew parser\n']);
    assert.equal(updated, '# Benchmark results\n\nMeasured on a machine.\n\n## Editor\n\nold editor\n\n## Parser\n\nnew parser\n');
  });

  it('adds a new section in heading order', () => {
    const updated = replaceSections(results, ['## Language server\n\nfigures']);
    assert.deepEqual(
      updated.split('\n').filter((line) => line.startsWith('## ')),
      ['## Editor', '## Language server', '## Parser'],
    );
  });

  it('leaves a file unchanged when given no sections', () => {
    assert.equal(replaceSections(results, []), results);
  });
});
