/**
 * The global schema (seed 002 §2.5) of the emulator: the categories and keys of its data
 * folder's catalog (DATA-FORMAT.md), so that a dataset published from files uses the same
 * categories, representations and keys as the folder's own datasets, and queries joining
 * them behave alike. Categories are the catalog's category labels (each with the data type
 * and representations of its first dataset, in catalog order); keys are the catalog's key
 * columns. IDs are positions in name order: stable for a given folder.
 *
 * Representations get IDs too (int64 strings, the swagger's `representation_id` of a
 * recordset's attribute column (seed 002 line 94) and `representation_version_ids` of a key
 * (line 60); the seed gives their values no shape): the categories' representations are numbered 1, 2, … in category order and in each
 * category's own order (the first is its default), then each key's one representation.
 */
import type { CatalogCategory } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';

export interface GlobalRepresentation {
  /** int64 as a decimal string, unique in the global schema. */
  readonly id: string;
  /** The representation's label in the category's definition. */
  readonly name: string;
}

export interface GlobalCategory {
  /** int64 as a decimal string, as the wire writes it. */
  readonly id: string;
  readonly name: string;
  readonly definition: CatalogCategory;
  /** The definition's representations with their IDs, in its order. */
  readonly representations: readonly GlobalRepresentation[];
}

export interface GlobalKey {
  /** `global_schema_id` of a normalization key (an integer on the wire). */
  readonly id: number;
  readonly name: string;
  /** The ID of the key's one representation (its value as matched). */
  readonly representationId: string;
}

/** A representation and the category it belongs to. */
export interface RepresentationOfCategory {
  readonly category: GlobalCategory;
  readonly representation: GlobalRepresentation;
}

export interface GlobalSchema {
  readonly categories: readonly GlobalCategory[];
  readonly keys: readonly GlobalKey[];
  categoryByName(name: string): GlobalCategory | undefined;
  keyById(id: number): GlobalKey | undefined;
  keyByName(name: string): GlobalKey | undefined;
  representationById(id: string): RepresentationOfCategory | undefined;
  /** The first category (in ID order) with a representation of that name, case-insensitive. */
  representationByName(name: string): RepresentationOfCategory | undefined;
}

const schemas = new WeakMap<EmulatorData, GlobalSchema>();

/** The global schema of a loaded folder (computed once per folder). */
export function globalSchemaOf(data: EmulatorData): GlobalSchema {
  let schema = schemas.get(data);
  if (!schema) schemas.set(data, (schema = buildGlobalSchema(data)));
  return schema;
}

function buildGlobalSchema(data: EmulatorData): GlobalSchema {
  const categoryDefinitions = new Map<string, CatalogCategory>();
  const keyNames = new Set<string>();
  for (const dataset of data.catalog.datasets) {
    for (const category of dataset.categories) if (!categoryDefinitions.has(category.label)) categoryDefinitions.set(category.label, category);
    for (const key of dataset.keys) keyNames.add(key);
  }
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  let representationCount = 0;
  const categories = [...categoryDefinitions.keys()].sort(byName).map((name, index): GlobalCategory => {
    const definition = categoryDefinitions.get(name) as CatalogCategory;
    const representations = definition.representations.map((representation) => ({ id: String(++representationCount), name: representation.label }));
    return { id: String(index + 1), name, definition, representations };
  });
  const keys = [...keyNames].sort(byName).map((name, index) => ({ id: index + 1, name, representationId: String(++representationCount) }));
  const categoryIndex = new Map(categories.map((category) => [category.name.toLowerCase(), category]));
  const keyIndex = new Map(keys.map((key) => [key.name.toLowerCase(), key]));
  const representationIndex = new Map<string, RepresentationOfCategory>();
  const representationNames = new Map<string, RepresentationOfCategory>();
  for (const category of categories) {
    for (const representation of category.representations) {
      representationIndex.set(representation.id, { category, representation });
      if (!representationNames.has(representation.name.toLowerCase())) representationNames.set(representation.name.toLowerCase(), { category, representation });
    }
  }
  return {
    categories,
    keys,
    categoryByName: (name) => categoryIndex.get(name.toLowerCase()),
    keyById: (id) => keys[id - 1],
    keyByName: (name) => keyIndex.get(name.toLowerCase()),
    representationById: (id) => representationIndex.get(id),
    representationByName: (name) => representationNames.get(name.toLowerCase()),
  };
}
