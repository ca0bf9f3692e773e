/**
 * An automation config as a file the user edits: `<name>.iqlauto.json`, holding the fields of
 * Create Automation Config (Document 2 §4.3) with its steps as `automation_steps` (the name
 * the service answers them under, and the one the language server checks), and a `$schema`
 * whose `iql-schema:` address names the profile (served by schemas/schema-documents.ts: ids
 * completed from the service). Once saved, the file carries the config's `id`. Pure text
 * work here; no 'vscode'.
 */
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { AutomationConfig, AutomationStep, CreateAutomationConfigRequest, UpdateAutomationConfigRequest } from '../../../common/api';
import { decodeSchemaAddress, draftIdentity, locateServiceMessage, SCHEMA_SCHEME, type FileProblem, safeFileName } from '../schemas/json-file-text';

/** How the files are named; package.json's menus, the code lenses and the language server match the same suffix. */
export const AUTOMATION_FILE_SUFFIX = '.iqlauto.json';
/** The default schedule of a new automation: Mondays at 06:00. */
export const DEFAULT_CRON = '0 6 * * 1';

/** What an automation file says: Create's body, the profile of its `$schema`, and the config's id once saved. */
export interface AutomationDraft {
  readonly id?: string;
  readonly profile?: string;
  readonly body: CreateAutomationConfigRequest & { readonly name: string; readonly steps: AutomationStep[] };
}

export type AutomationRead = { readonly ok: true; readonly draft: AutomationDraft } | { readonly ok: false; readonly problems: readonly FileProblem[] };

/** The schema address of automation files for `profile`. */
export function automationSchemaAddress(profile: string): string {
  return `${SCHEMA_SCHEME}:/${encodeURIComponent(profile)}/automations/config.schema.json`;
}

/** The profile an automation schema address names, or undefined when it is not one. */
export function parseAutomationSchemaAddress(address: string): { readonly profile: string } | undefined {
  const parts = decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/automations\/config\.schema\.json$/);
  return parts === undefined ? undefined : { profile: parts[0]! };
}

/** The file name for an automation called `name`: safe characters only, never empty. */
export function automationFileName(name: string): string {
  return safeFileName(name, 'automation', AUTOMATION_FILE_SUFFIX);
}

/** What a new automation file holds besides its name. */
export interface NewAutomation {
  readonly name: string;
  readonly timezone: string;
  readonly description?: string;
  readonly cron?: string;
  readonly steps?: readonly AutomationStep[];
}

/** A new automation file: disabled, weekly on Monday 06:00 in the user's zone unless told otherwise. */
export function newAutomationFileText(profile: string, automation: NewAutomation): string {
  return fileText({
    $schema: automationSchemaAddress(profile),
    name: automation.name,
    description: automation.description ?? '',
    enabled: false,
    cron_timer: automation.cron ?? DEFAULT_CRON,
    timezone_identifier: automation.timezone,
    automation_steps: automation.steps ?? [],
  });
}

/** The file's text for a config as the service answers it (Get Automation Config). */
export function automationFileText(profile: string, config: AutomationConfig): string {
  const optional = (key: 'description' | 'start_date_time' | 'end_date_time' | 'cloud_vault_id'): Record<string, string> => (config[key] === undefined ? {} : { [key]: config[key] });
  return fileText({
    $schema: automationSchemaAddress(profile),
    ...(config.id === undefined ? {} : { id: config.id }),
    name: config.name ?? '',
    ...optional('description'),
    enabled: config.enabled ?? false,
    cron_timer: config.cron_timer ?? '',
    timezone_identifier: config.timezone_identifier ?? 'UTC',
    ...optional('start_date_time'),
    ...optional('end_date_time'),
    ...optional('cloud_vault_id'),
    automation_steps: config.automation_steps ?? [],
  });
}

function fileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

const STRING_FIELDS = ['$schema', 'id', 'name', 'description', 'cron_timer', 'timezone_identifier', 'start_date_time', 'end_date_time', 'cloud_vault_id'] as const;

/** Reads an automation file into what Create sends. Every problem says what to write; never throws. */
export function readAutomationFile(text: string): AutomationRead {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    const message = first ? `Not valid JSON here (${printParseErrorCode(first.error)}): fix the syntax first.` : 'The file is empty: it should hold an automation config object.';
    return { ok: false, problems: [{ offset: first?.offset ?? 0, length: first?.length ?? 0, message }] };
  }
  if (root.type !== 'object') return { ok: false, problems: [{ offset: root.offset, length: root.length, message: 'An automation file holds one JSON object with name, cron_timer, timezone_identifier and automation_steps.' }] };
  const problems: FileProblem[] = [];
  const strings = new Map<string, string>();
  for (const key of STRING_FIELDS) {
    const node = findNodeAtLocation(root, [key]);
    if (node === undefined) continue;
    if (node.type !== 'string') problems.push({ offset: node.offset, length: node.length, message: `"${key}" must be a string.` });
    else strings.set(key, String(node.value));
  }
  if (!strings.get('name')?.trim()) problems.push({ offset: findNodeAtLocation(root, ['name'])?.offset ?? root.offset, length: 1, message: '"name" is missing: e.g. "name": "Weekly cyclists export".' });
  const enabledNode = findNodeAtLocation(root, ['enabled']);
  if (enabledNode !== undefined && enabledNode.type !== 'boolean') problems.push({ offset: enabledNode.offset, length: enabledNode.length, message: '"enabled" is true or false.' });
  const stepsNode = findNodeAtLocation(root, ['automation_steps']);
  let steps: AutomationStep[] = [];
  if (stepsNode !== undefined) {
    if (stepsNode.type !== 'array') problems.push({ offset: stepsNode.offset, length: stepsNode.length, message: '"automation_steps" is an array of steps, each with one block.' });
    // getNodeValue builds prototype-free objects; JSON makes them plain, keeping a "__proto__" key as data.
    else steps = JSON.parse(JSON.stringify(getNodeValue(stepsNode))) as AutomationStep[];
  }
  if (problems.length > 0) return { ok: false, problems };
  const schema = strings.get('$schema');
  const profile = schema === undefined ? undefined : parseAutomationSchemaAddress(schema)?.profile;
  const optional = (key: string): Record<string, string> => (strings.has(key) ? { [key]: strings.get(key)! } : {});
  return {
    ok: true,
    draft: {
      ...draftIdentity(strings.get('id'), profile),
      body: {
        name: strings.get('name')!,
        ...optional('description'),
        ...(enabledNode === undefined ? {} : { enabled: enabledNode.value === true }),
        ...optional('cron_timer'),
        ...optional('timezone_identifier'),
        ...optional('start_date_time'),
        ...optional('end_date_time'),
        ...optional('cloud_vault_id'),
        steps,
      },
    },
  };
}

/** What Update sends for a draft: every updatable field the file has (steps are not updatable, §4.3). */
export function updateBody(draft: AutomationDraft): UpdateAutomationConfigRequest {
  const { name, description, enabled, cron_timer, timezone_identifier, start_date_time, end_date_time } = draft.body;
  const given = { name, description, enabled, cron_timer, timezone_identifier, start_date_time, end_date_time };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as UpdateAutomationConfigRequest;
}

/** True when the file's steps are not the service's (compared as JSON, keys in any order, empty blocks' absent keys alike). */
export function stepsDiffer(file: readonly AutomationStep[], service: readonly AutomationStep[] | undefined): boolean {
  return canonical(file) !== canonical(service ?? []);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The file's text with `enabled` set (added after the other fields when absent), formatting kept. */
export function withEnabled(text: string, enabled: boolean): string {
  return applyEdits(text, modify(text, ['enabled'], enabled, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}

/**
 * Where a service refusal points in an automation file: the service names the steps as Create
 * calls them (`steps[1].activation.destination_id: required`), the file as `automation_steps`.
 */
export function locateAutomationMessage(text: string, message: string): FileProblem {
  const place = locateServiceMessage(text, message.replace(/^\s*steps(?=[.[])/, 'automation_steps'));
  return { ...place, message };
}
