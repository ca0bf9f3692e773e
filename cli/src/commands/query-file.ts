/**
 * What `iql explain` and `iql run` share before they call the service: read one query file,
 * split it into queries, find its target (directives, else IQL_BASE_URL, IQL_API_KEY and
 * IQL_COLLABORATION), and name each query for messages.
 */
import { type AnalysisProblem, type Query, parseIql, queryText, resolveDirectiveTarget } from '../../../language/src';
import { ENVIRONMENT_PROFILE, profilesFromEnvironment, resolveTarget, type ServiceTarget, type TargetResolution } from '../../../service/src';
import { ExitCode, type CliIo } from '../io';
import { describeReadError, readQueryText } from './read-query-text';

/** One query of the file, with what messages need to point at it. */
export interface FileQuery {
  readonly query: Query;
  /** The text sent to the service: exactly the query's own span. */
  readonly text: string;
  /** 1-based position in the file. */
  readonly index: number;
  /** 1-based line of the file where the query starts. */
  readonly line: number;
  /** "query 2 of 3 (line 7)", or "the query (line 1)" when the file holds one. */
  readonly label: string;
  readonly type: 'insight' | 'activation';
}

export interface QueryFile {
  readonly path: string;
  readonly text: string;
  readonly queries: readonly FileQuery[];
  readonly target: ServiceTarget;
}

export type OpenedQueryFile = { readonly ok: true; readonly file: QueryFile } | { readonly ok: false; readonly exitCode: number };

/**
 * Reads and targets `path` for `command`. On failure it has already told the user why on
 * stderr and answers the exit code: 2 for a file that cannot be read (usage) or for no
 * usable target (no service), the message naming the fix. Never throws.
 */
export async function openQueryFile(path: string, io: CliIo, command: string): Promise<OpenedQueryFile> {
  let text: string;
  try {
    text = (await readQueryText(path)).text;
  } catch (error) {
    io.stderr.write(`iql ${command}: ${describeReadError(path, error)}\n`);
    return { ok: false, exitCode: ExitCode.usage };
  }
  const parsed = parseIql(text);
  const profiles = profilesFromEnvironment(io.env ?? process.env);
  const resolution = resolveDirectiveTarget<TargetResolution>(parsed.ast.directives, (wanted) => resolveTarget(wanted, profiles));
  if (resolution.kind === 'offline') {
    io.stderr.write(`iql ${command}: ${describeMissingTarget(path, resolution, io.env ?? process.env)}\n`);
    return { ok: false, exitCode: ExitCode.noService };
  }
  const queries = parsed.ast.queries;
  const file: QueryFile = {
    path,
    text,
    target: resolution.target,
    queries: queries.map((query, position) => {
      const line = lineAt(text, query.span.start);
      const index = position + 1;
      return {
        query,
        text: queryText(text, query),
        index,
        line,
        label: queries.length === 1 ? `the query (line ${line})` : `query ${index} of ${queries.length} (line ${line})`,
        type: query.select.queryType,
      };
    }),
  };
  return { ok: true, file };
}

/**
 * Why no call can be made, and the fix, for the command line: the environment variables, or
 * a `-- @profile` directive naming the one profile the command line knows.
 */
function describeMissingTarget(path: string, resolution: Extract<TargetResolution, { kind: 'offline' }> & { readonly problems: readonly AnalysisProblem[] }, env: NodeJS.ProcessEnv): string {
  const directive = resolution.problems.find((problem) => problem.code === 'iql.unknown-profile');
  const fix =
    `Set IQL_BASE_URL and IQL_API_KEY (for the local emulator: run 'iql emulator' and use the URL it prints with the key demo-key-ana), ` +
    `or add '-- @profile ${ENVIRONMENT_PROFILE}' to the file to use them explicitly.`;
  if (directive) return `${path}: ${directive.message} The command line knows only the profile made from IQL_BASE_URL and IQL_API_KEY. ${fix}`;
  if (!env.IQL_BASE_URL?.trim()) return `cannot ask the service about ${path}: no service is configured. ${fix}`;
  if (!env.IQL_API_KEY?.trim()) return `cannot ask the service about ${path}: IQL_BASE_URL is set but IQL_API_KEY is not. Set IQL_API_KEY to your API key.`;
  return `cannot ask the service about ${path}: ${resolution.reason} ${fix}`;
}

/** The 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return line;
}

/** The query's text on one line, shortened for a heading. */
export function summarizeQuery(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
