/**
 * The JSON Schema of a destination file: the instance's own fields, and `config` checked
 * against the destination type's schema as the service answers it (Get Destination Type
 * Schema). The editor's JSON support reads it through the `iql-schema:` address the file's
 * `$schema` names, so completion and validation follow the service, not a copy.
 */

/** The whole-file schema for type `typeId`, whose configuration schema is `typeSchema`. */
export function destinationFileSchema(typeId: string, typeName: string | undefined, typeSchema: unknown): Record<string, unknown> {
  const config = withoutDialectMarker(typeSchema);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Destination instance of type ${typeName ?? typeId}`,
    type: 'object',
    additionalProperties: false,
    required: ['name', 'destination_type_id', 'config'],
    properties: {
      $schema: { type: 'string', description: 'Where the editor finds this schema; keep it as written.' },
      id: { type: 'string', description: 'The instance at the service. Absent until the first "Save Destination Instance to Service", which fills it in; later saves update that instance.' },
      name: { type: 'string', minLength: 1, description: 'The name members see when they export to this destination.' },
      description: { type: 'string' },
      destination_type_id: { const: typeId, description: `The destination type (${typeName ?? typeId}); an instance cannot change type.` },
      editable_paths: {
        type: 'array',
        items: { type: 'string', examples: propertyPaths(config) },
        uniqueItems: true,
        description: 'Configuration paths an exporting member may change at push time.',
      },
      config: config ?? { type: 'object' },
    },
  };
}

/** Top-level property names of a configuration schema: the paths a push may edit. */
function propertyPaths(schema: Record<string, unknown> | undefined): string[] {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/** A sub-schema must not carry its own `$schema` (draft-07 allows it only at the root). */
function withoutDialectMarker(schema: unknown): Record<string, unknown> | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  const rest = { ...(schema as Record<string, unknown>) };
  delete rest.$schema;
  return rest;
}
