/**
 * API 2.0 normalization configs (seed 002 §2.6, §4.6). A config belongs to the company that
 * created it (404 to any other, worded like a missing ID). Create takes normalizer_config
 * and the deprecated normalization_config, each stored as given; a normalizer_config is
 * checked first (supply/normalizer-config.ts: every entry names its input column, keys their
 * global_schema_id, the others their output column, and each function is one of the
 * emulator's set — 400 naming the field). Update is a POST replacing name, description and
 * config at once (`payload`); the deprecated config does not survive it.
 */
import type { CreateNormalizationConfigRequest, UpdateNormalizationConfigRequest } from '../../../../common/api';
import { globalSchemaOf } from '../../supply/global-schema';
import { incrementalProblem } from '../../supply/incremental-columns';
import { normalizerConfigProblem } from '../../supply/normalizer-config';
import type { NormalizationConfigRecord } from '../../supply/supply-records';
import { toNormalizationConfig, toNormalizationConfigSummary } from '../../views/v2-normalization-view';
import { fieldedList, sameFields } from '../fielded-list';
import { badRequest } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';

const LIST_FIELDS = sameFields('name', 'created_date_time', 'updated_date_time');

export const listNormalizationConfigsRoute: RouteHandler = (context) =>
  fieldedList(context, 'configs', ownedRecords(context, context.state.supply.normalizationConfigs).map(toNormalizationConfigSummary), LIST_FIELDS);

export const createNormalizationConfigRoute: RouteHandler = (context) => {
  const body = context.body as CreateNormalizationConfigRequest;
  const name = checkName('name', body.name);
  const normalizerConfig = body.normalizer_config === undefined ? undefined : checkedConfig(context, body.normalizer_config, 'normalizer_config');
  const config: NormalizationConfigRecord = {
    ...newOwned(context, 'NC'),
    name,
    description: body.description ?? '',
    ...(normalizerConfig === undefined ? {} : { normalizerConfig }),
    ...(body.normalization_config === undefined ? {} : { legacyConfig: checkedLegacy(body.normalization_config) }),
  };
  context.state.supply.normalizationConfigs.set(config.id, config);
  return { id: config.id };
};

export const getNormalizationConfigRoute: RouteHandler = (context) => ({ config: toNormalizationConfig(findConfig(context)) });

export const updateNormalizationConfigRoute: RouteHandler = (context) => {
  const config = findConfig(context);
  const payload = (context.body as UpdateNormalizationConfigRequest).payload;
  if (payload === undefined) throw badRequest('payload: required: {config, description, name}, the whole config (an update replaces it)');
  const name = checkName('payload.name', payload.name);
  if (payload.config === undefined) throw badRequest('payload.config: required: the whole normalizer_config (an update replaces it)');
  config.normalizerConfig = checkedConfig(context, payload.config, 'payload.config');
  config.legacyConfig = undefined;
  config.name = name;
  config.description = payload.description ?? '';
  config.updatedAt = context.state.clock.now();
  return { config: toNormalizationConfig(config) };
};

export function findNormalizationConfig(context: RouteContext, id: string): NormalizationConfigRecord {
  return ownedRecord(context, context.state.supply.normalizationConfigs, id, 'normalization config');
}

function findConfig(context: RouteContext): NormalizationConfigRecord {
  return findNormalizationConfig(context, param(context, 'config_id'));
}

function checkName(field: string, name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw badRequest(`${field}: a normalization config needs a name`);
  return name;
}

/** The deprecated config is stored as given, once its `incremental` (the one part the emulator reads) is sound. */
function checkedLegacy(legacy: object): Record<string, unknown> {
  const problem = incrementalProblem(legacy);
  if (problem) throw badRequest(problem);
  return legacy as Record<string, unknown>;
}

function checkedConfig(context: RouteContext, config: object, at: string): Record<string, unknown> {
  const problem = normalizerConfigProblem(config as Record<string, unknown>, at, globalSchemaOf(context.data));
  if (problem) throw badRequest(problem);
  return config as Record<string, unknown>;
}
