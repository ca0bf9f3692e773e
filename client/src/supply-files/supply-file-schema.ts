/**
 * The JSON Schema of a data-supply file, served to the editor's JSON support: the Create
 * request's schema (the client's wire schemas, from the swagger) for the file's object, plus
 * `$schema` and `id`; secret fields say to hold the placeholder; a normalization file is
 * offered the global schema's keys (by id), categories (by name) and representations (by id,
 * where the service lists them as a category's `representation` property), and the columns
 * of the recordset its schema address names as input columns — an enrichment's address
 * columns too. Pure; no 'vscode'.
 */
import { SECRET_FIELDS, SECRET_PLACEHOLDER } from '../../../common/supply/secret-fields';
import type { SupplyFileKind } from './supply-file-kinds';

type Schema = Record<string, unknown>;

/** What the service offers a normalization file: its global schema. */
export interface GlobalSchemaChoices {
  readonly keys: readonly { readonly id: number; readonly name: string }[];
  readonly categories: readonly string[];
  /** Representation IDs and the category each belongs to, in the service's order. */
  readonly representations?: readonly { readonly id: string; readonly category: string }[];
  /** The columns of the recordset the file reads, when its schema address names one. */
  readonly inputColumns?: readonly string[];
}

export function supplyFileSchema(kind: SupplyFileKind, body: Schema | undefined, choices?: GlobalSchemaChoices, note?: string): Schema {
  const properties = (body?.properties ?? {}) as Record<string, Schema>;
  const object: Schema = kind.wrap === undefined ? { ...(body ?? {}) } : { ...(properties[kind.wrap] ?? {}) };
  const own = { ...((object.properties ?? {}) as Record<string, Schema>) };
  object.properties = {
    $schema: { type: 'string', description: 'Where the editor finds this schema; names the profile the file belongs to.' },
    id: { type: 'string', description: `The ${kind.noun}'s ID at the service, written when it is first saved. Remove it to create a new one.` },
    ...own,
  };
  for (const field of SECRET_FIELDS) markSecret(object, field);
  if (kind.id === 'normalization' && choices !== undefined) offerGlobalSchema(object, choices);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `IQL ${kind.noun} file`,
    description: `A ${kind.noun} (seed 002) as Create sends it; "Save to Service" creates it, or updates it once the file has an "id".${note ? ` ${note}` : ''}`,
    ...(body?.$defs ? { $defs: body.$defs } : {}),
    ...(body?.definitions ? { definitions: body.definitions } : {}),
    ...object,
  };
}

function markSecret(object: Schema, path: readonly string[]): void {
  let node: Schema | undefined = object;
  for (const key of path) {
    const properties = node?.properties as Record<string, Schema> | undefined;
    node = properties?.[key];
    if (node === undefined) return;
  }
  node.description = `A secret: write "${SECRET_PLACEHOLDER}". The editor asks for the value when it saves and never writes it into a file; the command line reads it from an environment variable.`;
  node.enum = [SECRET_PLACEHOLDER];
}

/** `keys[].global_schema_id` from the global schema's keys; `categories[].output_column` suggests its categories. */
function offerGlobalSchema(object: Schema, choices: GlobalSchemaChoices): void {
  const config = (object.properties as Record<string, Schema>).normalizer_config;
  const properties = config?.properties as Record<string, Schema> | undefined;
  const keyItem = (properties?.keys?.items ?? undefined) as Schema | undefined;
  const keyId = (keyItem?.properties as Record<string, Schema> | undefined)?.global_schema_id;
  if (keyId !== undefined && choices.keys.length > 0) {
    keyId.enum = choices.keys.map((key) => key.id);
    keyId.markdownEnumDescriptions = choices.keys.map((key) => `Global-schema key **${key.name}**`);
  }
  if (choices.inputColumns !== undefined && choices.inputColumns.length > 0) {
    for (const list of ['keys', 'categories', 'custom_keys', 'export_columns']) {
      const item = (properties?.[list]?.items ?? undefined) as Schema | undefined;
      const input = (item?.properties as Record<string, Schema> | undefined)?.input_column;
      if (input === undefined) continue;
      input.enum = [...choices.inputColumns];
      input.description = 'A column of the recordset this file reads (named in its $schema).';
    }
    const enrichment = (properties?.enrichments?.items ?? undefined) as Schema | undefined;
    for (const mapper of Object.values((enrichment?.properties ?? {}) as Record<string, Schema>)) {
      for (const [field, column] of Object.entries((mapper.properties ?? {}) as Record<string, Schema>)) {
        if (!field.endsWith('_column')) continue;
        column.enum = [...choices.inputColumns];
      }
    }
  }
  const categoryItem = (properties?.categories?.items ?? undefined) as Schema | undefined;
  const output = (categoryItem?.properties as Record<string, Schema> | undefined)?.output_column;
  if (output !== undefined && choices.categories.length > 0) {
    const representations = choices.representations ?? [];
    output.examples = [...choices.categories, ...representations.map((representation) => representation.id)];
    const byCategory = new Map<string, string[]>();
    for (const { id, category } of representations) byCategory.set(category, [...(byCategory.get(category) ?? []), id]);
    const ids = byCategory.size === 0 ? '' : `, one of its representations by ID (${[...byCategory].map(([category, list]) => `${category}: ${list.join(', ')}`).join('; ')})`;
    output.description = `The global-schema category the column becomes (${choices.categories.join(', ')})${ids}, or a custom name.`;
  }
}
