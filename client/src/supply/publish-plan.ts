/**
 * The pure part of "Publish a Dataset from Files…": where a folder of the workspace is for
 * the local emulator's import (a bucket and a prefix), what each column of the files
 * probably is (a global-schema key, a category, an export column), the normalization config
 * that mapping makes, and the checks of a dataset's names (seed 002 §8). No 'vscode'.
 */

/** What a column of the files becomes in the dataset. */
export type ColumnRole = { readonly kind: 'key'; readonly id: number; readonly name: string } | { readonly kind: 'category'; readonly name: string } | { readonly kind: 'export' } | { readonly kind: 'skip' };

export interface GlobalSchemaNames {
  readonly keys: readonly { readonly id: number; readonly name: string }[];
  readonly categories: readonly string[];
}

/**
 * The bucket and prefix that stand for `folder` when the emulator reads `root` as its
 * sources (`iql emulator --sources ROOT`: a bucket is a subfolder of ROOT). Undefined when
 * the folder is not inside the root, or is the root itself (a bucket needs a name).
 */
export function bucketOf(root: string, folder: string): { readonly bucket: string; readonly prefix: string } | undefined {
  const base = root.replace(/[\\/]+$/, '');
  if (!folder.startsWith(`${base}/`) && !folder.startsWith(`${base}\\`)) return undefined;
  const [bucket, ...rest] = folder.slice(base.length + 1).split(/[\\/]+/).filter((part) => part !== '');
  return bucket === undefined ? undefined : { bucket, prefix: rest.join('/') };
}

/**
 * Whether a service at `baseUrl` runs on this machine (the local emulator): only then can a
 * folder of the workspace be its remote source. A real service cannot read the user's disk.
 */
export function isLocalService(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

const normalized = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The role a column's header suggests: a key or category of the same name (any case, any punctuation), else kept for export. */
export function guessRole(column: string, schema: GlobalSchemaNames): ColumnRole {
  const wanted = normalized(column);
  const key = schema.keys.find((candidate) => normalized(candidate.name) === wanted);
  if (key !== undefined) return { kind: 'key', id: key.id, name: key.name };
  const category = schema.categories.find((candidate) => normalized(candidate) === wanted);
  if (category !== undefined) return { kind: 'category', name: category };
  return { kind: 'export' };
}

/** The normalizer_config of a mapping: keys trimmed and lower-cased (as match keys are compared), categories and export columns as named. */
export function normalizerConfigOf(mapping: readonly { readonly column: string; readonly role: ColumnRole }[]): Record<string, unknown> {
  const keys = mapping.flatMap(({ column, role }) => (role.kind === 'key' ? [{ input_column: column, global_schema_id: role.id, functions: [{ name: 'trim' }, { name: 'lowercase' }] }] : []));
  const categories = mapping.flatMap(({ column, role }) => (role.kind === 'category' ? [{ input_column: column, output_column: role.name }] : []));
  const exports = mapping.flatMap(({ column, role }) => (role.kind === 'export' ? [{ input_column: column, output_column: column }] : []));
  return { keys, categories, export_columns: exports };
}

/** Why a private ID cannot be used, or undefined: 1 to 17 letters or digits (§8). */
export function privateIdProblem(text: string): string | undefined {
  if (text === '') return 'Give it a private ID: the name queries use.';
  return /^[A-Za-z0-9]{1,17}$/.test(text) ? undefined : '1 to 17 letters or digits, nothing else (no spaces, dots or underscores).';
}

/** Why a public name cannot be used, or undefined: 1 to 100 ASCII letters, digits, dashes, underscores and spaces (§8). */
export function publicNameProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Give it a public name: what other companies see.';
  return /^[A-Za-z0-9_\- ]{1,100}$/.test(text) ? undefined : 'Up to 100 letters, digits, dashes, underscores and spaces.';
}

/** A role as the quick pick shows it. */
export function describeRole(role: ColumnRole): string {
  switch (role.kind) {
    case 'key':
      return `Key: ${role.name}`;
    case 'category':
      return `Category: ${role.name}`;
    case 'export':
      return 'Export column';
    case 'skip':
      return 'Leave out';
  }
}

/** The names the wizard gives the objects it makes for one dataset, from one base. */
export function madeNames(base: string): { readonly vault: string; readonly connector: string; readonly importer: string; readonly normalization: string } {
  return { vault: base, connector: `${base} files`, importer: `${base} import`, normalization: `${base} normalization` };
}

/**
 * The base of the names the wizard gives what it makes (madeNames): `base`, else `base 2`,
 * `base 3`… — the first none of whose names is taken (any case), so running the wizard again
 * for the same name makes a second set instead of stopping on a name the service refuses as
 * a duplicate.
 */
export function freeNameBase(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} ${n}`;
    if (Object.values(madeNames(candidate)).every((name) => !used.has(name.toLowerCase()))) return candidate;
  }
}

/** Why a private ID cannot be used for a new dataset: §8's rule, or a dataset of the company already has it. */
export function newPrivateIdProblem(text: string, taken: ReadonlySet<string>): string | undefined {
  const problem = privateIdProblem(text);
  if (problem !== undefined) return problem;
  return taken.has(text.toLowerCase()) ? `A dataset named ${text} exists already: choose another private ID.` : undefined;
}
