/**
 * An `AnswerReader` for list answers too large to hold whole: it reads the body as it
 * arrives, checks each item of one array property against the item's schema on its own, and
 * keeps only what `convert` makes of it. The wire objects of an item are garbage as soon as
 * the next one is read, so memory stays near the size of the converted items.
 *
 * A long answer that has already arrived would be read in one unbroken chain of microtasks,
 * and nothing else of the process would run meanwhile: a language server could not even
 * write the diagnostics it has computed. So the reading gives the event loop a turn every
 * ITEMS_PER_TURN items.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import type { OperationDefinition } from '../../common/api';
import { fail, succeed } from '../../common/service-result';
import type { ServiceError, ServiceResult } from '../../common/service-result';
import { JsonItemsSplitter } from '../../common/json-items-splitter';
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
/** Items read between two turns of the event loop (a few milliseconds of work). */
export const ITEMS_PER_TURN = 256;

export function readItemsStreamed<I, T>(itemsField: string, itemSchema: z.ZodType<I>, convert: (item: I, index: number) => T): AnswerReader<T[]> {
  return async (body, definition) => {
    const items: T[] = [];
    let problem: ServiceError | undefined;
    const splitter = new JsonItemsSplitter(itemsField, (text) => {
      if (problem !== undefined) return;
      const index = items.length;
      const checked = checkItem(text, itemSchema, definition, [itemsField, index]);
      if (checked.ok) items.push(convert(checked.value, index));
      else problem = checked.error;
    });
    let readAtLastTurn = 0;
    for await (const chunk of body) {
      splitter.push(chunk);
      // Returning stops the reading; the transport then discards the rest of the body.
      if (problem !== undefined) return fail(problem);
      if (items.length - readAtLastTurn >= ITEMS_PER_TURN) {
        readAtLastTurn = items.length;
        await nextTurn();
      }
    }
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
}

function checkItem<I>(text: string, schema: z.ZodType<I>, definition: OperationDefinition, at: readonly PropertyKey[]): ServiceResult<I> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(invalidResponse(definition, at.length === 0 ? '(body)' : formatFieldPath(at), 'the answer is not valid JSON'));
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return succeed(parsed.data);
  const issue = parsed.error.issues[0];
  return fail(invalidResponse(definition, formatFieldPath([...at, ...(issue?.path ?? [])]), issue?.message ?? 'unexpected shape'));
}
