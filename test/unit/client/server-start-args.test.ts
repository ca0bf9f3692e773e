import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServerStartArgs } from '../../../client/src/server-start-args';

describe('the language server\'s options at each start', () => {
  const fromSnapshot = ['--max-semi-space-size=2', '--snapshot-blob', '/cache/a.snapshot'];
  const plain = ['--max-semi-space-size=2'];

  function starts(answers: string[][]): { args: ServerStartArgs; setAside: string[] } {
    const setAside: string[] = [];
    let start = 0;
    const args = new ServerStartArgs(() => answers[Math.min(start++, answers.length - 1)]!, (snapshot, reason) => setAside.push(`${snapshot}: ${reason}`));
    return { args, setAside };
  }

  it('asks for the options at every start, so a snapshot built meanwhile is used by the next one', () => {
    const { args, setAside } = starts([plain, fromSnapshot]);
    assert.deepEqual(args.next(), plain);
    assert.deepEqual(args.next(), fromSnapshot);
    assert.deepEqual(setAside, [], 'a start without a snapshot sets nothing aside');
  });

  it('sets aside a snapshot whose server never ran before the next start', () => {
    const { args, setAside } = starts([fromSnapshot, plain]);
    args.next();
    assert.deepEqual(args.next(), plain);
    assert.deepEqual(setAside, ['/cache/a.snapshot: the language server started from it never ran']);
  });

  it('keeps a snapshot whose server ran, across restarts', () => {
    const { args, setAside } = starts([fromSnapshot]);
    args.next();
    args.running();
    args.next();
    args.running();
    args.next();
    assert.deepEqual(setAside, []);
  });
});
