/**
 * What a collaboration lets its members do with one of its datasets (Document 2, Get
 * Collaboration's `datasets`): the service's fields, read once into names that say what they
 * restrict. Absent fields restrict nothing.
 */
import type { CollaborationDatasetRules } from '../../../common/api';
export interface DatasetRestrictions {
  /** `intersection_only`: the dataset may only be intersected with others. */
  readonly intersectionOnly: boolean;
  /** `attribute_restriction` with `allowed_attributes`: the only categories a query may use; undefined when unrestricted. */
  readonly allowedAttributes?: readonly string[];
  /** `activation_allowed`: whether activation queries may use the dataset. */
  readonly activationAllowed: boolean;
  /**
   * `exportable_to_members`: companies whose destinations may receive its export columns (an
   * empty list: none). Undefined when the answer does not say, which the service's JSON also
   * does for an empty list: then nothing is checked, rather than a false error.
   */
  readonly exportableToMembers?: readonly string[];
}

/** The service's rule fields of one dataset (Get Collaboration), read. */
export function restrictionsFromWire(rules: CollaborationDatasetRules): DatasetRestrictions {
  return {
    intersectionOnly: rules.intersection_only === true,
    ...(rules.attribute_restriction === true ? { allowedAttributes: rules.allowed_attributes ?? [] } : {}),
    // The service's JSON leaves false out; a dataset whose entry does not say is not activatable.
    activationAllowed: rules.activation_allowed === true,
    ...(rules.exportable_to_members !== undefined ? { exportableToMembers: rules.exportable_to_members } : {}),
  };
}
