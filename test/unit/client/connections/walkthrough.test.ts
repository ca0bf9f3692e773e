/**
 * The walkthrough's pages (package.json contributes.walkthroughs) are Markdown shown as is: no
 * icon syntax (`$(name)` is drawn only by status bars and buttons, a page shows it literally),
 * and no count of the demo's objects, which the views would contradict as soon as the demo grows.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '../../../..');

interface WalkthroughStep {
  readonly id: string;
  readonly description: string;
  readonly media: { readonly markdown?: string };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { walkthroughs: { steps: WalkthroughStep[] }[] } };
const steps = manifest.contributes.walkthroughs.flatMap((walkthrough) => walkthrough.steps);

const NUMBER_WORDS = /\b(one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(companies|company's|datasets|collaborations|segments|users)\b/i;

describe('the walkthrough', () => {
  for (const step of steps) {
    it(`step ${step.id} shows no icon syntax and no count of demo objects`, () => {
      const texts = [step.description, ...(step.media.markdown ? [readFileSync(join(ROOT, step.media.markdown), 'utf8')] : [])];
      for (const text of texts) {
        assert.doesNotMatch(text, /\$\([a-z-]+\)/, 'a $(icon) is shown literally on a walkthrough page');
        assert.doesNotMatch(text, NUMBER_WORDS);
      }
    });
  }
});
