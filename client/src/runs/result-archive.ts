/**
 * Where run results are kept across restarts: one JSON file per run in a folder of the
 * extension's global storage. Results stay out of `globalState` on purpose: the editor loads
 * all of `globalState` into memory at every start, and a result with many dimensions would
 * slow every start. The history store decides which files to keep (the newest runs only).
 */
import { mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApiSchemas } from '../service/lazy-schemas';
import type { Activation, QueryResult } from '../../../common/api';
import { upgradeKeptCounts } from './legacy-counts';
import { RUN_ID_PATTERN } from './stored-run';

/** The folder of the extension's global storage (`globalStorageUri`) that holds kept results. */
export const RESULTS_FOLDER = 'run-results';

/** What is kept of a finished run beyond its record. */
export interface KeptResult {
  readonly result?: QueryResult;
  readonly activation?: Activation;
}

/** Storage of run results by run id. Implementations never throw or reject. */
export interface ResultArchive {
  /** Stores the result of run `id`; false when it could not be written. */
  write(id: string, kept: KeptResult): Promise<boolean>;
  /** The result of run `id`, or undefined when there is none or it is unreadable. */
  read(id: string): Promise<KeptResult | undefined>;
  /** Deletes the result of run `id`, if there is one. */
  remove(id: string): Promise<void>;
  /** The ids of every stored result. */
  list(): Promise<string[]>;
}

const SUFFIX = '.json';

/**
 * A ResultArchive in `folder` (created on first write). Only ids matching RUN_ID_PATTERN are
 * used as file names; others are refused, so no id can reach outside the folder. Files are
 * written to a temporary name and renamed, so a crash never leaves half a result.
 */
export function createResultFiles(folder: string): ResultArchive {
  const pathOf = (id: string): string | undefined => (RUN_ID_PATTERN.test(id) ? join(folder, id + SUFFIX) : undefined);
  return {
    async write(id, kept) {
      const path = pathOf(id);
      if (!path) return false;
      try {
        await mkdir(folder, { recursive: true });
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify({ version: 1, ...kept }), 'utf8');
        await rename(temporary, path);
        return true;
      } catch {
        return false;
      }
    },
    async read(id) {
      const path = pathOf(id);
      if (!path) return undefined;
      try {
        return parseKeptResult(JSON.parse(await readFile(path, 'utf8')));
      } catch {
        return undefined;
      }
    },
    async remove(id) {
      const path = pathOf(id);
      if (path) await rm(path, { force: true }).catch(() => undefined);
    },
    async list() {
      try {
        const names = await readdir(folder);
        return names.filter((name) => name.endsWith(SUFFIX)).map((name) => name.slice(0, -SUFFIX.length)).filter((id) => RUN_ID_PATTERN.test(id));
      } catch {
        return [];
      }
    },
  };
}

/** A stored result checked against the wire schemas: a file edited by hand cannot crash a panel. */
function parseKeptResult(raw: unknown): KeptResult | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { result, activation } = upgradeKeptCounts(raw as { result?: unknown; activation?: unknown });
  const parsedResult = result === undefined ? undefined : loadApiSchemas().QueryResultSchema.safeParse(result);
  const parsedActivation = activation === undefined ? undefined : loadApiSchemas().ActivationSchema.safeParse(activation);
  if (parsedResult?.success === false || parsedActivation?.success === false) return undefined;
  if (!parsedResult && !parsedActivation) return undefined;
  return { ...(parsedResult ? { result: parsedResult.data } : {}), ...(parsedActivation ? { activation: parsedActivation.data } : {}) };
}
