/**
 * An `AnswerReader` for list answers too large to hold whole: it reads the body as it
 * arrives, checks each item of one array property against the item's schema on its own, and
 * keeps only what `convert` makes of it. The wire objects of an item are garbage as soon as
 * the next one is read, so memory stays near the size of the converted items.
 *
 * The body is read with 'data' events, each piece handed to the splitter as the socket
 * delivers it: an async iterator over the same stream costs a promise per piece and copies
 * pieces that queued up into one buffer, about 25 ms more for 10,000 datasets on a cold start
 * (bench/iql-compare.ts). A long answer that has already arrived would still be read in one
 * unbroken run, and nothing else of the process would run meanwhile: a language server could
 * not even write the diagnostics it has computed. So the stream is paused for a turn of the
 * event loop every ITEMS_PER_TURN items.
 *
 * An array that items repeat (option `shared`: each dataset's categories) is cut out of each
 * item by the splitter and its elements checked once per distinct text (SharedElements), then
 * put back; the item is checked with that array empty. This is the same check as of the whole
 * item, for item schemas that put no condition on the array as a whole.
 */
import type { z } from 'zod';
import type { OperationDefinition } from '../../common/api';
import { fail, succeed } from '../../common/service-result';
import type { ServiceError, ServiceResult } from '../../common/service-result';
import { JsonItemsSplitter } from '../../common/json-items-splitter';
import { SharedElements } from './shared-elements';
import { formatFieldPath, invalidResponse } from './service-transport';
import type { AnswerReader } from './service-transport';

/**
 * Reads the items of `itemsField` one by one: each must match `itemSchema`, and is passed to
 * `convert` (with its index) as soon as it has arrived; the rest of the answer is checked
 * against the operation's response schema with the array left empty. Resolves to the
 * converted items in order, or to an `invalid-response` failure naming the first bad field
 * (`datasets[3].private_id`). A failing stream rejects, which the transport reports as a
 * network failure (and retries when that is safe). Each call reads one answer afresh.
 */
export function readItemsStreamed<I, T, E = never>(
  itemsField: string,
  itemSchema: z.ZodType<I>,
  convert: (item: I, index: number) => T,
  shared?: SharedArray<I, E>,
): AnswerReader<T[]> {
  return (body, definition) => {
    const items: T[] = [];
    let problem: ServiceError | undefined;
    // Built once per answer: `shared.elementSchema` may be a getter that builds the schema.
    const elements = shared && new SharedElements(shared.elementSchema);
    const splitter = new JsonItemsSplitter(
      itemsField,
      (text, arrays) => {
        if (problem !== undefined) return;
        const index = items.length;
        const checked = checkItem(text, itemSchema, definition, [itemsField, index], shared && elements && { shared, arrays, elements });
        if (checked.ok) items.push(convert(checked.value, index));
        else problem = checked.error;
      },
      { sharedArray: shared?.path },
    );
    const finish = (): ServiceResult<T[]> => {
      const { rest, complete } = splitter.end();
      if (!complete) return fail(invalidResponse(definition, '(body)', 'the answer ended before its JSON was complete'));
      const checkedRest = checkItem(rest.trim() === '' ? '{}' : rest, definition.response, definition, []);
      if (!checkedRest.ok) return checkedRest;
      // A service that spelled the property unusually (e.g. with escapes) still has its items
      // read, from the rest, which the response schema has already checked.
      const leftOver: unknown = (checkedRest.value as Record<string, unknown> | null)?.[itemsField];
      if (Array.isArray(leftOver)) for (const item of leftOver) items.push(convert(item as I, items.length));
      return succeed(items);
    };
    return new Promise((resolve, reject) => {
      let settled = false;
      let readAtLastTurn = 0;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        body.off('data', onData);
        outcome();
      };
      const onData = (chunk: Uint8Array): void => {
        splitter.push(chunk);
        // Settling stops the reading; the transport then discards the rest of the body.
        if (problem !== undefined) {
          const failed = problem;
          settle(() => resolve(fail(failed)));
        } else if (items.length - readAtLastTurn >= ITEMS_PER_TURN) {
          readAtLastTurn = items.length;
          body.pause();
          setImmediate(() => settled || body.resume());
        }
      };
      body.on('data', onData);
      body.once('end', () => settle(() => resolve(finish())));
      body.once('error', (error) => settle(() => reject(error)));
      body.once('close', () => settle(() => reject(new Error('the answer stream closed before its end'))));
    });
  };
}

/** Items read between two turns of the event loop (a few milliseconds of work). */
export const ITEMS_PER_TURN = 256;

/** An array inside each item, at `path`, whose elements items repeat. */
export interface SharedArray<I, E> {
  readonly path: readonly string[];
  readonly elementSchema: z.ZodType<E>;
  /** The checked item with the checked elements in place of the empty array it was checked with. */
  readonly attach: (item: I, elements: E[]) => I;
}

/** One item's cut-out arrays, and the checker of their elements that all items share. */
interface ItemArrays<I, E> {
  readonly shared: SharedArray<I, E>;
  readonly arrays: readonly (readonly string[])[];
  readonly elements: SharedElements<E>;
}

function checkItem<I, E>(text: string, schema: z.ZodType<I>, definition: OperationDefinition, at: readonly PropertyKey[], shared?: ItemArrays<I, E>): ServiceResult<I> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(invalidResponse(definition, at.length === 0 ? '(body)' : formatFieldPath(at), 'the answer is not valid JSON'));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(invalidResponse(definition, formatFieldPath([...at, ...(issue?.path ?? [])]), issue?.message ?? 'unexpected shape'));
  }
  // Every array at the path was cut out, so the one JSON.parse kept (the last, when a name
  // is repeated) is the last cut out — unless what it kept there is no array at all.
  const last = shared?.arrays[shared.arrays.length - 1];
  if (shared === undefined || last === undefined || !Array.isArray(valueAt(json, shared.shared.path))) return succeed(parsed.data);
  const elements = shared.elements.check(last);
  if (!elements.ok) return fail(invalidResponse(definition, formatFieldPath([...at, ...shared.shared.path, ...elements.error.at]), elements.error.problem));
  return succeed(shared.shared.attach(parsed.data, elements.value));
}

function valueAt(json: unknown, path: readonly string[]): unknown {
  let value = json;
  for (const name of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}
