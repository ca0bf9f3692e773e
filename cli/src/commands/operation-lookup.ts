/**
 * Finding an operation of the table (common/api/operations.ts) by the name a script gives:
 * its table id (`getCollaboration`) or the swagger's operationId (`GetCollaboration`), either
 * in any case. Read from the table on every run, so operations added to it are callable at once.
 */
import { operations, type OperationDefinition, type OperationId } from '../../../common/api/operations';
import { generatedOperations } from '../../../common/api/generated/operations.gen';

export interface KnownOperation {
  readonly id: OperationId;
  readonly definition: OperationDefinition;
  /** The swagger's operationId of the same method and path, when the swagger has it. */
  readonly operationId: string | undefined;
  readonly deprecated: boolean;
}

/** Every operation of the table, in its order. */
export function knownOperations(): KnownOperation[] {
  return (Object.entries(operations) as [OperationId, OperationDefinition][]).map(([id, definition]) => ({
    id,
    definition,
    operationId: generatedOperations.find((generated) => generated.method === definition.method && generated.path === definition.path)?.operationId,
    // Read loosely: the flag is optional in the table.
    deprecated: (definition as { readonly deprecated?: boolean }).deprecated === true,
  }));
}

export type Lookup = { readonly found: KnownOperation } | { readonly candidates: readonly KnownOperation[] };

/**
 * The operation `name` names: a table id first, then a swagger operationId (unique per API
 * version only, so it may name two). Otherwise the closest names, for "did you mean".
 */
export function findOperation(name: string): Lookup {
  const wanted = name.toLowerCase();
  const all = knownOperations();
  const byId = all.find((operation) => operation.id.toLowerCase() === wanted);
  if (byId) return { found: byId };
  const bySwagger = all.filter((operation) => operation.operationId?.toLowerCase() === wanted);
  if (bySwagger.length === 1 && bySwagger[0]) return { found: bySwagger[0] };
  if (bySwagger.length > 1) return { candidates: bySwagger };
  return { candidates: all.filter((operation) => operation.id.toLowerCase().includes(wanted) || (operation.operationId ?? '').toLowerCase().includes(wanted)).slice(0, 8) };
}

/** Whether calling the operation loses something: a DELETE, closing or leaving a collaboration. */
export function isDestructive(definition: OperationDefinition): boolean {
  return definition.method === 'DELETE' || /\/(close|leave)$/.test(definition.path);
}

/** The `{name}`s of a path template, in order. */
export function pathParameters(template: string): string[] {
  return [...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? '');
}
