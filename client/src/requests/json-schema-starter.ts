/**
 * A starting value for a JSON Schema object: its required properties, each with its default
 * or an empty value of its type, so that a new file starts close to valid and the editor's
 * completion fills in the rest.
 */
export function starterObject(schema: unknown): Record<string, unknown> {
  const object = asRecord(schema);
  const properties = asRecord(object?.properties) ?? {};
  const required = Array.isArray(object?.required) ? object.required.filter((name): name is string => typeof name === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    const property = asRecord(properties[name]);
    value[name] = property?.default ?? emptyOf(property);
  }
  return value;
}

function emptyOf(property: Record<string, unknown> | undefined): unknown {
  if (Array.isArray(property?.enum) && property.enum.length > 0) return property.enum[0];
  switch (property?.type) {
    case 'integer':
    case 'number':
      return typeof property.minimum === 'number' ? property.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return starterObject(property);
    default:
      return '';
  }
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
