/**
 * API 2.0 dataset prepare configs (seed 002 §2.7, §4.7): which keys, categories and export
 * columns a prepare keeps, and the thresholds the published dataset gets. Keys and categories
 * are global-schema IDs (checked against it, 400 naming the field), export columns are names.
 * Update (PUT) changes the fields it is given and keeps the others.
 *
 * The category, key and export-column sub-resources list, add to and delete from a config's
 * selections. Their lists hold the selection as the config does (IDs for keys and categories,
 * names for export columns). Delete takes a required `filter`: conditions `<field> eq
 * <value>` joined by `or`, where the field is `id` or `name` for keys and categories (a name
 * is the global schema's) and `name` for export columns; a condition that matches nothing
 * deletes nothing. The lists take the same filter, and pagination.
 */
import type {
  AddPrepareConfigCategoriesRequest, AddPrepareConfigExportColumnsRequest, AddPrepareConfigKeysRequest, CreatePrepareConfigRequest,
  UpdatePrepareConfigRequest,
} from '../../../../common/api';
import { globalSchemaOf } from '../../supply/global-schema';
import type { GlobalSchema } from '../../supply/global-schema';
import { PublishConfigProblem, checkCategory, checkExportColumn, checkKey, readPublishConfig, unique } from '../../supply/publish-config';
import type { PublishConfig } from '../../supply/publish-config';
import type { PrepareConfigRecord } from '../../supply/supply-records';
import { toListedPrepareConfig, toPrepareConfig } from '../../views/v2-prepare-view';
import { paginate, readPageRequest } from '../pagination';
import { badRequest } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';
import { pagedList } from './v2-collaboration-routes';

export const listPrepareConfigsRoute: RouteHandler = (context) =>
  pagedList(context, 'configs', ownedRecords(context, context.state.supply.prepareConfigs).map(toListedPrepareConfig));

export const createPrepareConfigRoute: RouteHandler = (context) => {
  const body = context.body as CreatePrepareConfigRequest;
  const name = checkName(body.name);
  const config = readConfig(context, body.config);
  const record: PrepareConfigRecord = {
    ...newOwned(context, 'DPC'),
    name,
    description: body.description ?? '',
    config,
  };
  context.state.supply.prepareConfigs.set(record.id, record);
  return { id: record.id };
};

export const getPrepareConfigRoute: RouteHandler = (context) => ({ config: toPrepareConfig(findConfig(context)) });

export const updatePrepareConfigRoute: RouteHandler = (context) => {
  const body = context.body as UpdatePrepareConfigRequest;
  const record = findConfig(context);
  const config = body.config === undefined ? record.config : readConfig(context, body.config);
  const name = body.name === undefined ? record.name : checkName(body.name);
  record.name = name;
  record.config = config;
  if (body.description !== undefined) record.description = body.description;
  record.updatedAt = context.state.clock.now();
  return {};
};

/** One selection of a config, as its sub-resource reads and writes it. */
interface Selection {
  readonly field: 'categories' | 'keys' | 'export_columns';
  readonly fields: readonly string[];
  get(config: PublishConfig): string[];
  set(config: PublishConfig, items: string[]): void;
  check(schema: GlobalSchema, item: string, field: string): void;
  /** The item's value of a filter field. */
  value(schema: GlobalSchema, item: string, field: string): string | undefined;
}

const CATEGORIES: Selection = {
  field: 'categories',
  fields: ['id', 'name'],
  get: (config) => config.categorySelection,
  set: (config, items) => (config.categorySelection = items),
  check: checkCategory,
  value: (schema, id, field) => (field === 'id' ? id : schema.categories.find((category) => category.id === id)?.name),
};

const KEYS: Selection = {
  field: 'keys',
  fields: ['id', 'name'],
  get: (config) => config.keySelection,
  set: (config, items) => (config.keySelection = items),
  check: checkKey,
  value: (schema, id, field) => (field === 'id' ? id : schema.keyById(Number(id))?.name),
};

const EXPORT_COLUMNS: Selection = {
  field: 'export_columns',
  fields: ['name'],
  get: (config) => config.exportColumnSelection,
  set: (config, items) => (config.exportColumnSelection = items),
  check: (_schema, name, field) => checkExportColumn(name, field),
  value: (_schema, name) => name,
};

export const listPrepareConfigCategoriesRoute: RouteHandler = (context) => listSelection(context, CATEGORIES);
export const addPrepareConfigCategoriesRoute: RouteHandler = (context) =>
  addToSelection(context, CATEGORIES, ((context.body as AddPrepareConfigCategoriesRequest).categories ?? []).map(String));
export const deletePrepareConfigCategoriesRoute: RouteHandler = (context) => deleteFromSelection(context, CATEGORIES);

export const listPrepareConfigKeysRoute: RouteHandler = (context) => listSelection(context, KEYS);
export const addPrepareConfigKeysRoute: RouteHandler = (context) =>
  addToSelection(context, KEYS, ((context.body as AddPrepareConfigKeysRequest).keys ?? []).map(String));
export const deletePrepareConfigKeysRoute: RouteHandler = (context) => deleteFromSelection(context, KEYS);

export const listPrepareConfigExportColumnsRoute: RouteHandler = (context) => listSelection(context, EXPORT_COLUMNS);
export const addPrepareConfigExportColumnsRoute: RouteHandler = (context) =>
  addToSelection(context, EXPORT_COLUMNS, (context.body as AddPrepareConfigExportColumnsRequest).export_columns ?? []);
export const deletePrepareConfigExportColumnsRoute: RouteHandler = (context) => deleteFromSelection(context, EXPORT_COLUMNS);

function listSelection(context: RouteContext, selection: Selection): Record<string, unknown> {
  const record = findConfig(context);
  const filter = context.query.get('filter')?.trim();
  const items = selection.get(record.config);
  const matching = filter ? items.filter(matcher(context, selection, filter)) : items;
  const page = paginate(matching, readPageRequest(context.query));
  return { [selection.field]: page.items, pagination: page.pagination };
}

function addToSelection(context: RouteContext, selection: Selection, items: readonly string[]): Record<string, never> {
  const record = findConfig(context);
  const schema = globalSchemaOf(context.data);
  if (items.length === 0) throw badRequest(`${selection.field}: give at least one to add`);
  items.forEach((item, index) => checked(() => selection.check(schema, item, `${selection.field}.${index}`)));
  selection.set(record.config, unique([...selection.get(record.config), ...items]));
  record.updatedAt = context.state.clock.now();
  return {};
}

function deleteFromSelection(context: RouteContext, selection: Selection): Record<string, never> {
  const record = findConfig(context);
  const filter = context.query.get('filter')?.trim();
  if (!filter) {
    throw badRequest(`filter: required: say which ${selection.field.replace('_', ' ')} to delete, e.g. ${selection.fields.map((field) => `${field} eq …`).join(' or ')}`);
  }
  const matches = matcher(context, selection, filter);
  selection.set(record.config, selection.get(record.config).filter((item) => !matches(item)));
  record.updatedAt = context.state.clock.now();
  return {};
}

/** `<field> eq <value>` conditions joined by `or` (values may be quoted). */
function matcher(context: RouteContext, selection: Selection, filter: string): (item: string) => boolean {
  const schema = globalSchemaOf(context.data);
  const conditions = filter.split(/\s+or\s+/i).map((text) => {
    const match = /^([A-Za-z_]+)\s+eq\s+(.+)$/i.exec(text.trim());
    const field = match?.[1]?.toLowerCase() ?? '';
    if (!match || !selection.fields.includes(field)) {
      throw badRequest(`filter: cannot read '${text.slice(0, 80)}'; write ${selection.fields.map((name) => `${name} eq <value>`).join(' or ')}, several joined by or`);
    }
    const raw = (match[2] ?? '').trim();
    return { field, value: /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw };
  });
  return (item) => conditions.some(({ field, value }) => selection.value(schema, item, field) === value);
}

function findConfig(context: RouteContext): PrepareConfigRecord {
  return ownedRecord(context, context.state.supply.prepareConfigs, param(context, 'config_id'), 'dataset prepare config');
}

function readConfig(context: RouteContext, wire: CreatePrepareConfigRequest['config']): PublishConfig {
  return checked(() => readPublishConfig(wire, globalSchemaOf(context.data), 'config'));
}

/** A PublishConfigProblem as a 400 naming its field. */
export function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof PublishConfigProblem) throw badRequest(error.message);
    throw error;
  }
}

function checkName(name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw badRequest('name: required: a name for the prepare config');
  return name;
}
