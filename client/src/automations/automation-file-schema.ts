/**
 * The JSON Schema of an automation file: Create Automation Config's request schema (zod's own
 * conversion), its `steps` written as `automation_steps`, each step exactly one of the six
 * blocks, the time zone one of the platform's IANA names, and the ids of the activation
 * blocks completed from the service (collaborations, their activation segments and
 * destinations) while the lists are small. The editor's JSON support reads it through the
 * `iql-schema:` address the file's `$schema` names. Pure; no 'vscode'.
 */
/** The step blocks of §4.3, in the order an execution runs them (the language server's list too). */
export const STEP_BLOCKS = ['import', 'normalization', 'recordset_creation', 'publish', 'activation_calculation', 'activation'] as const;

/** Above this many entries, an id is a plain string: a huge enum helps no one and slows the editor. */
export const MAX_ENUM = 500;

export interface AutomationIdChoice {
  readonly id: string;
  readonly name?: string;
}

export interface AutomationCollaborationChoice extends AutomationIdChoice {
  readonly segments: readonly AutomationIdChoice[];
  readonly destinations: readonly AutomationIdChoice[];
}

const STEP_HELP: Record<(typeof STEP_BLOCKS)[number], string> = {
  import: 'Runs an import config (config_id).',
  normalization: 'Runs a normalization config (config_id).',
  recordset_creation: 'Runs a recordset creation config (config_id).',
  publish: 'Publishes a dataset (config_id, dataset_id).',
  activation_calculation: 'Calculates an activation segment of a collaboration (Calculate Activation Segment).',
  activation: 'Exports an activation segment\'s results to a destination of the collaboration (Export Activation Segment Results).',
};

/**
 * `body` is Create Automation Config's request JSON Schema (or undefined when unknown);
 * `zones` the IANA names offered; `note` says why ids are not offered, when they are not.
 */
export function automationFileSchema(body: Record<string, unknown> | undefined, zones: readonly string[], collaborations: readonly AutomationCollaborationChoice[], note?: string): Record<string, unknown> {
  const given = asRecord(body?.properties) ?? {};
  const { steps, ...fields } = given;
  const stepProperties = asRecord(asRecord(asRecord(steps)?.items)?.properties) ?? {};
  const describe = (key: string, description: string, fallback: Record<string, unknown> = { type: 'string' }): Record<string, unknown> => ({ ...(asRecord(fields[key]) ?? fallback), description });
  const segments = collaborations.flatMap((collaboration) => collaboration.segments.map((segment) => ({ ...segment, collaboration })));
  const destinations = uniqueById(collaborations.flatMap((collaboration) => collaboration.destinations));
  const ids = {
    collaboration_id: idSchema('The collaboration (List Collaborations).', collaborations),
    activation_segment_id: idSchema('The activation segment (List Activation Segments).', segments.map((segment) => ({ id: segment.id, name: `${segment.name ?? segment.id} — ${segment.collaboration.name ?? segment.collaboration.id}` }))),
    destination_id: idSchema('The destination the results go to: one of the collaboration\'s (List Destinations).', destinations),
  };
  const block = (name: (typeof STEP_BLOCKS)[number]): Record<string, unknown> => {
    const base = asRecord(stepProperties[name]) ?? { type: 'object' };
    const properties = { ...(asRecord(base.properties) ?? {}) };
    if (name === 'activation_calculation' || name === 'activation') {
      properties.collaboration_id = ids.collaboration_id;
      properties.activation_segment_id = ids.activation_segment_id;
      if (name === 'activation') properties.destination_id = ids.destination_id;
    }
    const required = name === 'activation_calculation' ? ['collaboration_id', 'activation_segment_id'] : name === 'activation' ? ['collaboration_id', 'activation_segment_id', 'destination_id'] : name === 'publish' ? ['config_id', 'dataset_id'] : ['config_id'];
    return { ...base, type: 'object', description: STEP_HELP[name], properties, required };
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Automation config',
    description: `An automation (Create Automation Config): steps run in order on a cron schedule in a time zone.${note ? ` ${note}` : ''}`,
    type: 'object',
    additionalProperties: false,
    required: ['name', 'cron_timer', 'timezone_identifier', 'automation_steps'],
    properties: {
      ...fields,
      $schema: { type: 'string', description: 'Where the editor finds this schema (and which profile the automation goes to); keep it as written.' },
      id: { type: 'string', description: 'The config at the service. Absent until "Save to Service", which fills it in.' },
      name: { ...describe('name', 'The automation\'s name: letters, digits, spaces, - and _.'), minLength: 1 },
      enabled: describe('enabled', 'Whether the schedule fires; "Enable"/"Disable" above flips it.', { type: 'boolean' }),
      cron_timer: describe('cron_timer', 'A five-field crontab (minute hour day month weekday), e.g. "0 6 * * 1" for Mondays at 06:00; hover shows the next runs.'),
      timezone_identifier: { type: 'string', description: 'The IANA time zone the cron is read in, e.g. Europe/London.', ...(zones.length > 0 ? { enum: [...zones] } : {}) },
      automation_steps: {
        type: 'array',
        description: 'The steps, run in order; the first failure stops the execution. Not updatable once saved (§4.3): create a new automation to change them.',
        items: {
          oneOf: STEP_BLOCKS.map((name) => ({ type: 'object', additionalProperties: false, required: [name], properties: { [name]: block(name) } })),
        },
      },
    },
  };
}

/**
 * The zones the schema offers: the platform's canonical IANA names, plus UTC and the user's
 * own zone (which the platform may name by an alias), sorted, each once.
 */
export function offeredZones(supported: readonly string[], own: string | undefined): string[] {
  return [...new Set([...supported, 'UTC', ...(own ? [own] : [])])].sort();
}

/** An id: an `enum` described by name while the list is small and not empty, else a plain string. */
function idSchema(description: string, choices: readonly AutomationIdChoice[]): Record<string, unknown> {
  const unique = uniqueById(choices);
  if (unique.length === 0 || unique.length > MAX_ENUM) return { type: 'string', minLength: 1, description };
  return { type: 'string', description, enum: unique.map((choice) => choice.id), enumDescriptions: unique.map((choice) => choice.name ?? choice.id) };
}

function uniqueById<T extends AutomationIdChoice>(choices: readonly T[]): T[] {
  const seen = new Set<string>();
  return choices.filter((choice) => !seen.has(choice.id) && seen.add(choice.id));
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
