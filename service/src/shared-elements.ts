/**
 * The elements of an array that list items repeat from one item to the next (each dataset's
 * `stats.categories`, on one global schema), checked once per distinct text instead of once
 * per item. The splitter hands over an array byte-identical to the previous one as the same
 * array object, so a repeat costs one comparison; an element seen before in another array is
 * a lookup by its text. Either way the answer is the same checked objects, shared between
 * items: callers must not change them (the catalog never does).
 */
import type { z } from 'zod';

/** Distinct element texts remembered; past this the memory is cleared rather than grown. */
const REMEMBERED_TEXTS = 4096;

/** Where a problem is, from the element (`[3, 'label']`), and what it is. */
export interface ElementProblem {
  readonly at: readonly PropertyKey[];
  readonly problem: string;
}

type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ElementProblem };

export class SharedElements<E> {
  private lastTexts: readonly string[] | undefined;
  private lastChecked: E[] = [];
  private readonly byText = new Map<string, E>();

  constructor(private readonly schema: z.ZodType<E>) {}

  /** Each element parsed and checked, or the first one that is not valid JSON or not of the schema. */
  check(texts: readonly string[]): Checked<E[]> {
    if (texts === this.lastTexts) return { ok: true, value: this.lastChecked };
    const checked: E[] = [];
    for (let index = 0; index < texts.length; index++) {
      const text = texts[index]!;
      let element = this.byText.get(text);
      if (element === undefined) {
        const read = this.read(text);
        if (!read.ok) return { ok: false, error: { at: [index, ...read.error.at], problem: read.error.problem } };
        element = read.value;
        if (this.byText.size >= REMEMBERED_TEXTS) this.byText.clear();
        this.byText.set(text, element);
      }
      checked.push(element);
    }
    this.lastTexts = texts;
    this.lastChecked = checked;
    return { ok: true, value: checked };
  }

  private read(text: string): Checked<E> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: { at: [], problem: 'the answer is not valid JSON' } };
    }
    const parsed = this.schema.safeParse(json);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, error: { at: issue?.path ?? [], problem: issue?.message ?? 'unexpected shape' } };
  }
}
