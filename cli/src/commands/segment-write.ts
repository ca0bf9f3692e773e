/**
 * The changing verbs of `iql segment`: `create` (from an IQL file or `--query`), `update` (its
 * export settings) and `delete` (with `--yes`: its results and exports go with it).
 */
import type { UpdateActivationSegmentRequest } from '../../../common/api';
import { UsageError } from '../io';
import { parseIql, queryText, resolveDirectiveTarget } from '../../../language/src';
import { describeReadError, readQueryText } from './read-query-text';
import { collaborationOption, segmentOf, type SegmentContext, type SegmentOptions } from './segment-context';
import { callOptions, deleteWithYes, formatOf, printAnswer, required, type Verb } from './verb-command';
import { createActivationSegment, deleteActivationSegment, updateActivationSegment } from '../../../service/src';

export const SEGMENT_WRITE_VERBS: Readonly<Record<string, Verb<SegmentContext['options']>>> = {
  create: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const name = required(context.options.name, '--name');
    const source = await queryOf(context);
    // --collaboration first, then the file's own '-- @collaboration' directive, then IQL_COLLABORATION.
    const collaborationId = collaborationOption({ collaboration: context.options.collaboration ?? source.collaboration }, context.io);
    const created = await createActivationSegment(context.client, collaborationId, { name, query: source.query, ...settingsOf(context.options) }, callOptions(context.io));
    return printAnswer(context, created, format, (value) => [value.activation_segment.id]);
  },
  update: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    const settings = settingsOf(context.options);
    if (Object.keys(settings).length === 0) throw new UsageError('say what to change: --column-separator, --multi-value-delimiter, --inaccuracy-proportion or --header-override');
    const updated = await updateActivationSegment(context.client, segment, settings, callOptions(context.io));
    return printAnswer(context, updated, format, (value) => [`Updated ${value.activation_segment.id}.`]);
  },
  delete: async (context) => {
    const segment = segmentOf(context);
    return deleteWithYes(context, segment.segmentId, 'deletes the segment, its calculated audience and its export history', (call) => deleteActivationSegment(context.client, segment, call));
  },
};

/**
 * The query: `--query TEXT`, or the one query of the IQL file named (its text without the
 * directives and comments around it) with the collaboration its `-- @collaboration` names.
 */
async function queryOf(context: SegmentContext): Promise<{ query: string; collaboration?: string }> {
  const path = context.args[0];
  if (context.options.query !== undefined && path !== undefined) throw new UsageError('give the query once: a file or --query, not both');
  if (context.options.query !== undefined) return { query: required(context.options.query, '--query') };
  if (path === undefined) throw new UsageError("give the segment's activation query: an IQL file, or --query 'SELECT …'");
  let text: string;
  try {
    text = (await readQueryText(path)).text;
  } catch (error) {
    throw new UsageError(describeReadError(path, error));
  }
  const parsed = parseIql(text);
  const [query, ...more] = parsed.ast.queries;
  if (query === undefined || more.length > 0) throw new UsageError(`${path} holds ${parsed.ast.queries.length} queries: a segment is one activation query`);
  const wanted = resolveDirectiveTarget(parsed.ast.directives, (target) => ({ kind: 'wanted', target })).target;
  return { query: queryText(text, query), ...(wanted.collaboration ? { collaboration: wanted.collaboration } : {}) };
}

/** The export settings the options give (create and update). */
function settingsOf(options: SegmentOptions): UpdateActivationSegmentRequest {
  const proportion = options['inaccuracy-proportion'];
  const number = proportion === undefined ? undefined : Number(proportion);
  if (number !== undefined && (proportion?.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)) {
    throw new UsageError(`--inaccuracy-proportion must be a number from 0 to 1, not '${proportion}'`);
  }
  const overrides = options['header-override'];
  return {
    ...(options['column-separator'] !== undefined ? { column_separator: options['column-separator'] } : {}),
    ...(options['multi-value-delimiter'] !== undefined ? { multi_value_delimiter: options['multi-value-delimiter'] } : {}),
    ...(number !== undefined ? { inaccuracy_proportion: number } : {}),
    ...(overrides !== undefined ? { header_overrides: Object.fromEntries(overrides.map(parseOverride)) } : {}),
  };
}

function parseOverride(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`--header-override takes COLUMN=HEADER, not '${text}'`);
  return [text.slice(0, at), text.slice(at + 1)];
}
